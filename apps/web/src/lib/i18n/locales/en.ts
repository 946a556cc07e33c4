import { accountEn } from './account/en';
import { adminCommonEn } from './adminCommon/en';
import { adminMoneyEn } from './adminMoney/en';
import { adminOpsEn } from './adminOps/en';
import { adminSiteEn } from './adminSite/en';
import { adminUsersEn } from './adminUsers/en';
import { catalogueEn } from './catalogue/en';
import { chargebacksEn } from './chargebacks/en';
import { complaintsEn } from './complaints/en';
import { complianceEn } from './compliance/en';
import { complianceReportEn } from './complianceReport/en';
import { creatorHomeEn } from './creatorHome/en';
import { dataRightsEn } from './dataRights/en';
import { dsaEn } from './dsa/en';
import { earningsEn } from './earnings/en';
import { enShell } from './en-shell';
import { homeEn } from './home/en';
import { leaksEn } from './leaks/en';
import { liveMonitorEn } from './liveMonitor/en';
import { massMessagesEn } from './massMessages/en';
import { ordersEn } from './orders/en';
import { payments } from './payments/en';
import { payoutsEn } from './payouts/en';
import { postsEn } from './posts/en';
import { profilesEn } from './profiles/en';
import { releasesEn } from './releases/en';
import { review } from './review/en';
import { storiesEn } from './stories/en';
import { streamingEn } from './streaming/en';
import { subscriptionsEn } from './subscriptions/en';

/**
 * English, the source language: the shell (`en-shell.ts`, in the first load) and the namespaces
 * loaded per route (`../english.ts`). This whole object types the keys and the other languages.
 */
export const en = {
  ...enShell,
  complianceReport: complianceReportEn,
  liveMonitor: liveMonitorEn,
  leaks: leaksEn,
  dsa: dsaEn,
  releases: releasesEn,
  complaints: complaintsEn,
  chargebacks: chargebacksEn,
  review,
  earnings: earningsEn,
  dataRights: dataRightsEn,
  orders: ordersEn,
  massMessages: massMessagesEn,
  subscriptions: subscriptionsEn,
  payouts: payoutsEn,
  account: accountEn,
  adminCommon: adminCommonEn,
  adminUsers: adminUsersEn,
  adminOps: adminOpsEn,
  adminMoney: adminMoneyEn,
  adminSite: adminSiteEn,
  compliance: complianceEn,
  streaming: streamingEn,
  profiles: profilesEn,
  catalogue: catalogueEn,
  posts: postsEn,
  stories: storiesEn,
  creatorHome: creatorHomeEn,
  home: homeEn,
  payments,
};

export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** Every other language has exactly these keys (checked by i18n.test.ts and by the type). */
export type Messages = Shape<typeof en>;
