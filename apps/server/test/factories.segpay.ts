import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app';
import { payments, users } from '../src/db/schema';
import type { Actor } from './factories';
import { useTestApp } from './harness';
import { type SegpayPeer, startSegpayPeer, TEST_CARDS } from './segpay-peer';

/**
 * Segpay tests: the app configured for Segpay with every URL at the local peer, postbacks from
 * the peer arriving through app.inject from 127.0.0.1 (the allowed range), and helpers.
 */
export const SEGPAY_KEY = 'segpay-postback-key-for-tests';
export const PEER_IP = '127.0.0.1';
export const SEGPAY_IDS = { packageId: '110530', pricePointId: '3773', recurringPricePointId: '3774' };

/** A Segpay peer whose postbacks reach the app of `app()` through app.inject from the allowed range. */
export function startSegpayPeerFor(app: () => App) {
  return startSegpayPeer({
    ...SEGPAY_IDS,
    merchantId: 'M-4242',
    userId: 'srs-user',
    accessKey: 'srs-access-key',
    postbackUrl: `/api/payments/segpay/webhook?key=${SEGPAY_KEY}`,
    deliver: async (r) => {
      const res = await app().inject({
        method: r.method,
        url: r.url,
        payload: r.body,
        headers: r.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        remoteAddress: PEER_IP,
      });
      return { status: res.statusCode, body: res.body };
    },
  });
}

/** The app's environment for Segpay with every URL at the peer. */
export function segpayEnv(peer: SegpayPeer): Record<string, string> {
  return {
    SEGPAY_PACKAGE_ID: SEGPAY_IDS.packageId,
    SEGPAY_PRICE_POINT_ID: SEGPAY_IDS.pricePointId,
    SEGPAY_RECURRING_PRICE_POINT_ID: SEGPAY_IDS.recurringPricePointId,
    SEGPAY_MERCHANT_ID: 'M-4242',
    SEGPAY_USER_ID: 'srs-user',
    SEGPAY_ACCESS_KEY: 'srs-access-key',
    SEGPAY_POSTBACK_KEY: SEGPAY_KEY,
    SEGPAY_POSTBACK_IPS: '127.0.0.0/8, ::1',
    SEGPAY_PAYMENT_URL: peer.paymentUrl,
    SEGPAY_SRS_URL: peer.url,
    SEGPAY_RECURRING_PRICING_URL: `${peer.url}/MerchantServices/DynamicRecurringPricing/`,
  };
}

export async function useSegpay() {
  const peer = await startSegpayPeerFor(() => t().app);
  const t = useTestApp({ env: { ...segpayEnv(peer), PUBLIC_URL: 'https://fans.example' } });
  return { peer, t };
}

/** The site's gateway becomes Segpay (the admin's `paymentGateway` setting). */
export const chooseSegpay = (app: App) => app.ctx.settings.update({ paymentGateway: 'segpay' }, null);

export async function paymentRow(app: App, id: string) {
  const [p] = await app.ctx.db.select().from(payments).where(eq(payments.id, id));
  return p;
}
export async function balanceCents(app: App, userId: string) {
  const [u] = await app.ctx.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return Number(u.balance);
}

/** A top-up started in the API and paid with a card on the peer's hosted form. */
export async function topUpAtSegpay(app: App, fan: Actor, amount: number, card = TEST_CARDS.approved) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    headers: fan.auth,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json() as { _id: string; checkoutUrl: string };
  const paid = await payAt(started.checkoutUrl, card);
  return { paymentId: started._id, checkoutUrl: started.checkoutUrl, ...paid };
}

/** A postback sent by hand (forged, replayed, reordered): fields as the query string of a GET. */
export function postbackAs(
  app: App,
  fields: Record<string, string>,
  o: { key?: string | null; ip?: string; method?: 'GET' | 'POST' } = {},
) {
  const q = new URLSearchParams(fields);
  if (o.key !== null) q.set('key', o.key ?? SEGPAY_KEY);
  const post = o.method === 'POST';
  return app.inject({
    method: o.method ?? 'GET',
    url: post ? '/api/payments/segpay/webhook' : `/api/payments/segpay/webhook?${q}`,
    payload: post ? q.toString() : undefined,
    headers: post ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    remoteAddress: o.ip ?? PEER_IP,
  });
}

/** What a browser does with a join link: opens Segpay's page, submits its form with a card, follows nothing. */
export async function payAt(checkoutUrl: string, card: string): Promise<{ status: number; location: string | null }> {
  const page = await fetch(checkoutUrl);
  if (page.status !== 200) return { status: page.status, location: null };
  const html = await page.text();
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(m[1]!, m[2]!.replace(/&quot;/g, '"'));
  form.set('cardnumber', card);
  const action = new URL('/billing/poset.cgi', checkoutUrl);
  const res = await fetch(action, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.status, location: res.headers.get('location') };
}
