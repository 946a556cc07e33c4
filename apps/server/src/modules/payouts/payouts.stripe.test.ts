import Stripe from 'stripe';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer } from '../../../test/factories';
import { earnThroughTips, requestPayout } from '../../../test/factories.payouts';
import { useTestApp } from '../../../test/harness';
import { startStripePeer } from '../../../test/stripe-peer';
import type { App } from '../../app-type';
import { balanceOf, clearing, earningsAccount, reserveAccount, verifyLedger } from '../ledger/ledger.service';

// Stripe Connect through the official SDK against the local peer (test/stripe-peer.ts); the
// account.updated webhook signed with the SDK's test helper and verified by the server.
const WEBHOOK_SECRET = 'whsec_test_marquee_payouts';
const peer = await startStripePeer();
const t = useTestApp({
  env: { STRIPE_SECRET_KEY: 'sk_test_marquee_peer', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: peer.url },
});
const stripe = new Stripe('sk_test_marquee_peer');
afterAll(() => peer.close());
afterEach(async () => {
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

let seq = 0;
function deliver(app: App, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_payout_${++seq}`, object: 'event', type, data: { object } });
  return app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    payload,
    headers: {
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      'content-type': 'application/json',
    },
  });
}
const settingsOf = (app: App, a: Actor) =>
  app
    .inject({ method: 'GET', url: `/api/performers/${a.user.id}/payout-settings`, headers: a.auth })
    .then((r) => r.json());

describe('Stripe Connect payouts', () => {
  it('creates the Express account, enables payouts by webhook, pays by one transfer keyed by the request id', async () => {
    const { app } = t();
    await app.ctx.settings.update({ payoutHoldDays: 0 }, null);
    const creator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    await earnThroughTips(app, creator, [100]);

    const onboard = await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.auth });
    expect(onboard.statusCode, onboard.body).toBe(200);
    const { accountId, url, payoutsEnabled } = onboard.json();
    expect(url).toBe(`https://connect.stripe.test/setup/${accountId}`);
    expect(payoutsEnabled).toBe(false);
    const created = peer.calls('POST', '/v1/accounts').at(-1)!;
    expect(created.body).toMatchObject({ type: 'express', metadata: { userId: creator.user.id } });
    expect(peer.calls('POST', '/v1/account_links').at(-1)!.body).toMatchObject({
      account: accountId,
      return_url: expect.stringMatching(/\/creator\/payouts\?stripe=done$/),
    });
    // resuming answers the same account with a fresh link
    expect(
      (await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.auth })).json().accountId,
    ).toBe(accountId);
    expect(peer.calls('POST', '/v1/accounts')).toHaveLength(1);

    // not enabled yet: a Stripe request is refused
    expect((await settingsOf(app, creator)).methods).toEqual([]);
    expect((await requestPayout(app, creator, 60, 'stripe')).json().code).toBe('PAYOUT_METHOD_NOT_SET');

    const hook = await deliver(app, 'account.updated', {
      id: accountId,
      object: 'account',
      payouts_enabled: true,
      details_submitted: true,
    });
    expect(hook.json().result).toBe('account updated');
    expect(await settingsOf(app, creator)).toMatchObject({
      methods: ['stripe'],
      stripe: { accountId, payoutsEnabled: true, detailsSubmitted: true },
    });

    const id = (await requestPayout(app, creator, 60, 'stripe')).json()._id;
    // the first transfer fails at Stripe: the request stays approved, nothing is debited
    peer.failNext('/v1/transfers');
    const failed = await app.inject({
      method: 'POST',
      url: `/api/admin/payout-requests/${id}/approve`,
      headers: admin.auth,
      payload: {},
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('PAYOUT_TRANSFER_FAILED');
    const view = await app.inject({ method: 'GET', url: `/api/payout-requests/${id}/view`, headers: creator.auth });
    expect(view.json().status).toBe('approved');
    expect(await balanceOf(app.ctx.db, reserveAccount(creator.user.id))).toBe(6_000);

    // approving again retries with the same idempotency key; a third time changes nothing
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/payout-requests/${id}/approve`,
      headers: admin.auth,
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const transfers = peer.calls('POST', '/v1/transfers');
    expect(transfers.map((r) => r.idempotencyKey)).toEqual([id, id]);
    expect(transfers.at(-1)!.body).toMatchObject({ amount: '6000', currency: 'usd', destination: accountId });
    const transferObjects = [...peer.objects.values()].filter((o) => o.object === 'transfer');
    expect(transferObjects).toHaveLength(1);
    expect(paid.json()).toMatchObject({
      status: 'paid',
      reference: transferObjects[0].id,
      paymentAccountInfo: { accountId },
    });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/payout-requests/${id}/approve`,
          headers: admin.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);
    const byHand = await app.inject({
      method: 'POST',
      url: `/api/admin/payout-requests/${id}/mark-paid`,
      headers: admin.auth,
      payload: { reference: 'x' },
    });
    expect(byHand.statusCode).toBe(200); // already paid: answered as it is, nothing debited again
    expect(await balanceOf(app.ctx.db, reserveAccount(creator.user.id))).toBe(0);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(2_000);
    expect(await balanceOf(app.ctx.db, clearing('stripe'))).toBe(6_000);

    // the creator's view masks the account id; the admin's shows it
    const mine = await app.inject({ method: 'GET', url: `/api/payout-requests/${id}/view`, headers: creator.auth });
    expect(mine.json().paymentAccountInfo.accountId).not.toBe(accountId);

    // payouts switched off at Stripe: no more Stripe requests
    await deliver(app, 'account.updated', {
      id: accountId,
      object: 'account',
      payouts_enabled: false,
      details_submitted: true,
    });
    expect((await requestPayout(app, creator, 50, 'stripe')).json().code).toBe('PAYOUT_METHOD_NOT_SET');
  });
});
