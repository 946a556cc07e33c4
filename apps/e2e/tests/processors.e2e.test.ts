import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CcbillPeer, startCcbillPeer } from '../../server/test/ccbill-peer';
import { ACCEPTED_CARD, startVerotelPeer } from '../../server/test/verotel-peer';
import { axeViolations, describeViolations } from '../src/axe';
import { type Harness, startHarness } from '../src/harness';
import { DEMO_PASSWORD, logIn } from '../src/journeys';

// Issue 25: fans pay through the adult-content processors' hosted pages, played by the local peers of
// the server's tests (apps/server/test/ccbill-peer.ts, verotel-peer.ts). The server's CCBILL_* and
// VEROTEL_* URLs point at them; the admin makes CCBill the default and Verotel the second method.
// Demo data: jamie is a fan with some tokens, not subscribed to kai; kai has a subscribers-only post and a
// pay-per-view one ("Print-quality Kyoto collection", 7.50) jamie has not bought.
const CCBILL = {
  clientAccnum: '900100',
  clientSubacc: '0001',
  flexId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
  salt: '7d901dad245fd0ff6bc20d06',
  datalinkUsername: 'marquee-datalink',
  datalinkPassword: 'datalink-password-1',
};
const WEBHOOK_SECRET = 'e2e-hook-4b1d';
const VEROTEL = {
  shopId: '68849',
  signatureKey: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
  apiUsername: 'api',
  apiPassword: 'pw',
};

let h: Harness;
let ccbill: CcbillPeer;
let verotel: Awaited<ReturnType<typeof startVerotelPeer>>;

beforeAll(async () => {
  ccbill = await startCcbillPeer(CCBILL);
  verotel = await startVerotelPeer({
    ...VEROTEL,
    deliver: async (query) => {
      const res = await fetch(`${h.baseUrl}/api/payments/verotel/webhook?${query}`);
      return { status: res.status, body: await res.text() };
    },
  });
  h = await startHarness({
    env: (baseUrl) => ({
      PUBLIC_URL: baseUrl,
      CCBILL_CLIENT_ACCNUM: CCBILL.clientAccnum,
      CCBILL_CLIENT_SUBACC: CCBILL.clientSubacc,
      CCBILL_FLEX_ID: CCBILL.flexId,
      CCBILL_SALT: CCBILL.salt,
      CCBILL_DATALINK_USERNAME: CCBILL.datalinkUsername,
      CCBILL_DATALINK_PASSWORD: CCBILL.datalinkPassword,
      CCBILL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CCBILL_WEBHOOK_IPS: '127.0.0.1',
      CCBILL_FLEXFORMS_URL: ccbill.flexformsUrl,
      CCBILL_DATALINK_URL: ccbill.url,
      VEROTEL_SHOP_ID: VEROTEL.shopId,
      VEROTEL_SIGNATURE_KEY: VEROTEL.signatureKey,
      VEROTEL_FLEXPAY_URL: verotel.url,
      VEROTEL_API_URL: verotel.apiUrl,
      VEROTEL_API_USERNAME: VEROTEL.apiUsername,
      VEROTEL_API_PASSWORD: VEROTEL.apiPassword,
    }),
  });
  // What the operator sets at CCBill: the webhook URL and the approval / denial URLs (docs/payments.md)
  ccbill.webhookUrl = `${h.baseUrl}/api/payments/ccbill/webhook/${WEBHOOK_SECRET}`;
  ccbill.approvalUrl = `${h.baseUrl}/payments/result?next=%2Fwallet`;
  ccbill.denialUrl = ccbill.approvalUrl;
  // The admin's console: CCBill first (the default), then Verotel, for everything; the sandbox for top-ups.
  const login = await fetch(`${h.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const all = { topup: true, subscription: true, purchase: true };
  const saved = await fetch(`${h.baseUrl}/api/admin/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      paymentGateway: 'ccbill',
      paymentGateways: [
        { gateway: 'ccbill', ...all },
        { gateway: 'verotel', ...all },
        { gateway: 'sandbox', topup: true, subscription: false, purchase: false },
      ],
    }),
  });
  expect(saved.status, await saved.text()).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await ccbill?.close();
  await verotel?.close();
});

const walletBalance = async (page: import('playwright-core').Page) =>
  Number(((await page.getByTestId('wallet-balance').textContent()) ?? '').replace(/[^\d.]/g, ''));

describe('processors journey', () => {
  it('a fan tops up through CCBill’s hosted form and sees the balance', async () => {
    const fan = await h.newPage({ ageConfirmed: true, allowOrigins: [ccbill.url] });
    await logIn(fan, 'jamie');
    await fan.goto('/wallet');
    await fan.getByTestId('wallet-balance').waitFor();
    const start = await walletBalance(fan);
    await fan.getByLabel('Amount (tokens)').fill('25');
    const picker = fan.getByTestId('method-picker');
    await picker.getByRole('radio', { name: 'Card (CCBill)' }).waitFor();
    expect(await picker.getByRole('radio', { name: 'Card (CCBill)' }).isChecked()).toBe(true);
    await picker.getByRole('radio', { name: 'Card (Verotel)' }).waitFor();
    await h.screenshot(fan, 'processors-topup-picker');
    await fan.getByTestId('topup-submit').click();

    // CCBill's hosted FlexForm (the peer): the card is typed there, never on our pages
    await fan.waitForURL((u) => u.href.startsWith(ccbill.flexformsUrl));
    await fan.locator('input[name=cardNum]').fill('4111111111111111');
    await fan.getByRole('button', { name: /Pay 25.00/ }).click();

    // back through the approval URL: the result page shows the approved payment, then the wallet the balance
    await fan.waitForURL((u) => u.pathname === '/payments/result');
    await fan.getByTestId('payment-approved').waitFor({ timeout: 15_000 });
    const violations = await axeViolations(fan);
    expect(violations, describeViolations(violations)).toEqual([]);
    await h.screenshot(fan, 'processors-result-approved');
    await fan.getByTestId('payment-continue').click();
    await fan.waitForURL((u) => u.pathname === '/wallet');
    await expect.poll(() => walletBalance(fan), { timeout: 15_000 }).toBeCloseTo(start + 25, 2);
  });

  it('a fan subscribes through Verotel’s order page and sees the creator’s posts open', async () => {
    const fan = await h.newPage({
      ageConfirmed: true,
      allowOrigins: [verotel.url],
      viewport: { width: 390, height: 844 },
    });
    await logIn(fan, 'jamie');
    await fan.goto('/kai');
    const post = fan.getByTestId('post-card').filter({ hasText: 'Subscribers: the full Iceland set' });
    await post.getByTestId('locked-overlay').waitFor();
    await post.getByRole('button', { name: 'Subscribe to see' }).click();
    const modal = fan.getByRole('dialog', { name: /Subscribe to Kai Morgan/ });
    await modal.getByRole('radio', { name: /Monthly/ }).check();
    await modal.getByTestId('pay-card').click();
    await modal.getByRole('radio', { name: 'Card (Verotel)' }).check();
    await h.screenshot(fan, 'processors-subscribe-picker');
    await modal.getByTestId('subscription-continue').click();
    await fan.getByTestId('subscription-summary').waitFor();
    await fan.getByTestId('subscription-confirm').click();

    // Verotel's Order Page (the peer): a signed link; the card is typed there
    await fan.waitForURL((u) => u.href.startsWith(`${verotel.url}/startorder`));
    await fan.getByText(/Monthly subscription to Kai Morgan/).waitFor();
    await fan.locator('input[name=cardNumber]').fill(ACCEPTED_CARD);
    await fan.getByRole('button', { name: 'Pay' }).click();

    // the signed postback arrived; the result page says so and leads back to kai's posts, now open
    await fan.waitForURL((u) => u.pathname === '/payments/result');
    await fan.getByTestId('payment-approved').waitFor({ timeout: 15_000 });
    await h.screenshot(fan, 'processors-subscribe-result');
    await fan.getByTestId('payment-continue').click();
    await fan.waitForURL((u) => u.pathname === '/kai');
    const open = fan.getByTestId('post-card').filter({ hasText: 'Subscribers: the full Iceland set' });
    await open.waitFor();
    await expect.poll(() => open.getByTestId('locked-overlay').count(), { timeout: 15_000 }).toBe(0);
    await h.screenshot(fan, 'processors-subscribed-posts-open');
  });
  it('a fan buys a pay-per-view post by card through CCBill (no tokens spent) and sees it open', async () => {
    const fan = await h.newPage({ ageConfirmed: true, allowOrigins: [ccbill.url] });
    await logIn(fan, 'jamie');
    await fan.goto('/wallet');
    await fan.getByTestId('wallet-balance').waitFor();
    const start = await walletBalance(fan);
    // CCBill's approval URL is the subscription's, set once at CCBill: here it leads back to kai's page
    ccbill.approvalUrl = `${h.baseUrl}/payments/result?next=%2Fkai`;
    await fan.goto('/kai');
    const post = fan.getByTestId('post-card').filter({ hasText: 'Print-quality Kyoto collection' });
    await post.getByTestId('locked-overlay').waitFor();
    await post.getByTestId('unlock-button').click();
    const card = fan.getByTestId('card-purchase');
    await card.waitFor();
    expect(await card.getByRole('radio', { name: 'Card (CCBill)' }).isChecked()).toBe(true);
    const violations = await axeViolations(fan);
    expect(violations, describeViolations(violations)).toEqual([]);
    await h.screenshot(fan, 'processors-card-purchase');
    await card.getByTestId('pay-by-card').click();

    await fan.waitForURL((u) => u.href.startsWith(ccbill.flexformsUrl));
    await fan.locator('input[name=cardNum]').fill('4111111111111111');
    await fan.getByRole('button', { name: /Pay 7.50/ }).click();

    await fan.waitForURL((u) => u.pathname === '/payments/result');
    await fan.getByTestId('payment-approved').waitFor({ timeout: 15_000 });
    await h.screenshot(fan, 'processors-card-purchase-result');
    await fan.getByTestId('payment-continue').click();
    await fan.waitForURL((u) => u.pathname === '/kai');
    const open = fan.getByTestId('post-card').filter({ hasText: 'Print-quality Kyoto collection' });
    await open.waitFor();
    await expect.poll(() => open.getByTestId('locked-overlay').count(), { timeout: 15_000 }).toBe(0);
    await fan.goto('/wallet');
    await fan.getByTestId('wallet-balance').waitFor();
    expect(await walletBalance(fan)).toBeCloseTo(start, 2);
    ccbill.approvalUrl = `${h.baseUrl}/payments/result?next=%2Fwallet`;
  });
});
