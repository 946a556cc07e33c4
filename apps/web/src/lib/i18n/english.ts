import i18n from 'i18next';
import type { en } from './locales/en';
import type { enShell } from './locales/en-shell';

/** An English namespace outside the shell: its own chunk, loaded with the routes that use it. */
export type RouteNamespace = Exclude<keyof typeof en, keyof typeof enShell>;

const ENGLISH: Record<RouteNamespace, () => Promise<object>> = {
  account: () => import('./locales/account/en').then((m) => m.accountEn),
  adminCommon: () => import('./locales/adminCommon/en').then((m) => m.adminCommonEn),
  adminMoney: () => import('./locales/adminMoney/en').then((m) => m.adminMoneyEn),
  adminOps: () => import('./locales/adminOps/en').then((m) => m.adminOpsEn),
  adminSite: () => import('./locales/adminSite/en').then((m) => m.adminSiteEn),
  adminUsers: () => import('./locales/adminUsers/en').then((m) => m.adminUsersEn),
  catalogue: () => import('./locales/catalogue/en').then((m) => m.catalogueEn),
  chargebacks: () => import('./locales/chargebacks/en').then((m) => m.chargebacksEn),
  complaints: () => import('./locales/complaints/en').then((m) => m.complaintsEn),
  compliance: () => import('./locales/compliance/en').then((m) => m.complianceEn),
  complianceReport: () => import('./locales/complianceReport/en').then((m) => m.complianceReportEn),
  creatorHome: () => import('./locales/creatorHome/en').then((m) => m.creatorHomeEn),
  dataRights: () => import('./locales/dataRights/en').then((m) => m.dataRightsEn),
  dsa: () => import('./locales/dsa/en').then((m) => m.dsaEn),
  earnings: () => import('./locales/earnings/en').then((m) => m.earningsEn),
  home: () => import('./locales/home/en').then((m) => m.homeEn),
  leaks: () => import('./locales/leaks/en').then((m) => m.leaksEn),
  liveMonitor: () => import('./locales/liveMonitor/en').then((m) => m.liveMonitorEn),
  massMessages: () => import('./locales/massMessages/en').then((m) => m.massMessagesEn),
  orders: () => import('./locales/orders/en').then((m) => m.ordersEn),
  payments: () => import('./locales/payments/en').then((m) => m.payments),
  payouts: () => import('./locales/payouts/en').then((m) => m.payoutsEn),
  posts: () => import('./locales/posts/en').then((m) => m.postsEn),
  profiles: () => import('./locales/profiles/en').then((m) => m.profilesEn),
  releases: () => import('./locales/releases/en').then((m) => m.releasesEn),
  review: () => import('./locales/review/en').then((m) => m.review),
  stories: () => import('./locales/stories/en').then((m) => m.storiesEn),
  streaming: () => import('./locales/streaming/en').then((m) => m.streamingEn),
  subscriptions: () => import('./locales/subscriptions/en').then((m) => m.subscriptionsEn),
};

const loaded = new Map<RouteNamespace, Promise<void>>();

/**
 * Adds the English texts of these namespaces (once each), before the route that uses them renders:
 * the first load carries the shell's texts only (docs/i18n.md). Always English, whatever the
 * language: it is the fallback of every other one.
 */
export function loadEnglish(namespaces: readonly RouteNamespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      let done = loaded.get(ns);
      if (!done) {
        done = ENGLISH[ns]().then((texts) => {
          i18n.addResourceBundle('en', 'translation', { [ns]: texts }, true, true);
        });
        done.catch(() => loaded.delete(ns));
        loaded.set(ns, done);
      }
      return done;
    }),
  ).then(() => undefined);
}
