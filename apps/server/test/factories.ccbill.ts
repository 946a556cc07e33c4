import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { payments, webhookEvents } from '../src/db/schema';
import { createSession } from '../src/modules/auth/sessions';
import { walletBalance } from '../src/modules/wallet/wallet.repo';
import type { CcbillPeer, CcbillPeerConfig } from './ccbill-peer';
import { type Actor, buildUser } from './factories';

/** The merchant account the CCBill tests configure (the peer checks the same values). */
export const CCBILL: CcbillPeerConfig & { webhookSecret: string } = {
  clientAccnum: '900100',
  clientSubacc: '0001',
  flexId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
  salt: '7d901dad245fd0ff6bc20d06',
  datalinkUsername: 'marquee-datalink',
  datalinkPassword: 'datalink-password-1',
  webhookSecret: 'hook-6f1c2b9e',
};

/** The app's environment for CCBill against the peer; webhooks from the peer (127.0.0.1) and CCBill's first range. */
export function ccbillEnv(peer: CcbillPeer): Record<string, string> {
  return {
    CCBILL_CLIENT_ACCNUM: CCBILL.clientAccnum,
    CCBILL_CLIENT_SUBACC: CCBILL.clientSubacc,
    CCBILL_FLEX_ID: CCBILL.flexId,
    CCBILL_SALT: CCBILL.salt,
    CCBILL_DATALINK_USERNAME: CCBILL.datalinkUsername,
    CCBILL_DATALINK_PASSWORD: CCBILL.datalinkPassword,
    CCBILL_WEBHOOK_SECRET: CCBILL.webhookSecret,
    CCBILL_WEBHOOK_IPS: '127.0.0.1,64.38.212.1-64.38.212.254',
    CCBILL_FLEXFORMS_URL: peer.flexformsUrl,
    CCBILL_DATALINK_URL: peer.url,
  };
}

/** The app listens (the peer posts webhooks over HTTP, from 127.0.0.1) and takes payments through CCBill. */
export async function useCcbillGateway(app: App, peer: CcbillPeer) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  peer.webhookUrl = `http://127.0.0.1:${port}/api/payments/ccbill/webhook/${CCBILL.webhookSecret}`;
  peer.format = 'form';
  peer.holdSales = false;
  await app.ctx.settings.update({ paymentGateway: 'ccbill' }, null);
}

/** A fan whose session survives the tests' clock travel. */
export async function buildLongSessionUser(app: App): Promise<Actor> {
  const a = await buildUser(app);
  const { token } = await createSession(app.ctx.db, a.user.id, { remember: true });
  return { ...a, token, auth: { authorization: `Bearer ${token}` } };
}

/** A top-up opened at CCBill: its payment id and hosted form URL. */
export async function openTopUp(app: App, fan: Actor, amount: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    headers: fan.auth,
    payload: { amount },
  });
  if (res.statusCode !== 200) throw new Error(`top-up: ${res.statusCode} ${res.body}`);
  const body = res.json() as { _id: string; checkoutUrl: string };
  return { paymentId: body._id, checkoutUrl: body.checkoutUrl };
}

export const paymentRow = async (app: App, id: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
export const balance = (app: App, userId: string) => walletBalance(app.ctx.db, userId);
export const recordedEvents = (app: App) => app.ctx.db.select().from(webhookEvents);
/** What the app answered a webhook. */
export const answer = (pb: { status: number; body: string }) => ({ status: pb.status, ...JSON.parse(pb.body) });
