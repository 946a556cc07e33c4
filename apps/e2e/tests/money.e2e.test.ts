import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn } from '../src/journeys';

// Demo data (apps/server/src/seed): luna sells a pay-per-view post ("My complete 4-week training plan…", 4.99)
// and a physical product ("Signed yoga mat", 49); jamie is a fan with some tokens (seed/money.ts tops jamie up
// through the sandbox checkout path) and no delivery address yet.
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const headerBalance = async (page: Page) =>
  Number.parseFloat(((await page.getByTestId('header-balance').textContent()) ?? '').trim()); // "39.01 tokens"
const walletBalance = async (page: Page) =>
  Number(((await page.getByTestId('wallet-balance').textContent()) ?? '').replace(/[^\d.]/g, ''));

/** Pays on the sandbox TEST checkout: first a declined card, then the success card. */
async function payOnSandbox(page: Page) {
  await page.waitForURL((u) => u.pathname.startsWith('/payment/sandbox/checkout/'));
  await page
    .getByText(/Test checkout/i)
    .first()
    .waitFor();
  await page.getByTestId('test-cards').getByText('4000 0000 0000 0002').waitFor();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByTestId('sandbox-pay').click();
  await page.getByRole('alert').filter({ hasText: 'declined' }).waitFor();
  // The declined payment is closed; another card pays a fresh one of the same amount.
  await h.screenshot(page, 'money-sandbox-checkout');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByTestId('sandbox-pay').click();
}

describe('money journey', () => {
  it('a fan tops up through the sandbox checkout, unlocks a paid post, tips, buys a product with an address; the creator sees the order and the earnings', async () => {
    const fan = await h.newPage({ ageConfirmed: true });
    await logIn(fan, 'jamie');

    // 1. Top up 25 tokens on the wallet page through the sandbox checkout; the balance goes up.
    await fan.goto('/wallet');
    await fan.getByTestId('wallet-balance').waitFor();
    const start = await walletBalance(fan);
    await fan.getByLabel('Amount (tokens)').fill('25');
    await h.screenshot(fan, 'money-wallet');
    await fan.getByTestId('topup-submit').click();
    await payOnSandbox(fan);
    await fan.waitForURL((u) => u.pathname === '/wallet');
    await expect.poll(() => walletBalance(fan), { timeout: 15_000 }).toBeCloseTo(start + 25, 2);
    await expect.poll(() => headerBalance(fan)).toBeCloseTo(start + 25, 2);
    await fan.getByRole('tab', { name: 'Top-ups' }).click();
    await fan.getByTestId('topup-history').getByText('succeeded').first().waitFor();

    // 2. Unlock luna's pay-per-view post: the confirmation shows the price and the balance after; then the media.
    await fan.goto('/luna');
    const post = fan.getByTestId('post-card').filter({ hasText: 'My complete 4-week training plan' });
    await post.getByTestId('locked-overlay').waitFor();
    await post.getByTestId('unlock-button').click();
    const summary = fan.getByTestId('unlock-summary');
    await summary.getByText('4.99 tokens').waitFor();
    await summary.getByText(`${(start + 25 - 4.99).toFixed(2)} tokens`).waitFor();
    await h.screenshot(fan, 'money-unlock-confirm');
    await fan.getByTestId('confirm-unlock').click();
    await expect.poll(() => post.getByTestId('locked-overlay').count(), { timeout: 15_000 }).toBe(0);
    await post.getByTestId('post-media').waitFor();
    expect(await post.getByTestId('post-media').locator('img, video').count()).toBeGreaterThan(0);
    await h.screenshot(fan, 'money-post-unlocked');

    // 3. Tip luna with a message. Leave less than the yoga mat costs, to take the "top up and come back" path.
    let balance = start + 25 - 4.99;
    const tip = Math.max(10, Math.floor(balance - 30));
    await fan.getByTestId('tip-button').click();
    const tipDialog = fan.getByRole('dialog', { name: /Send a tip to Luna/ });
    await tipDialog.getByLabel('Amount (tokens)').fill(String(tip));
    await tipDialog.getByLabel('Message (optional)').fill('Your plan changed my mornings!');
    await h.screenshot(fan, 'money-tip');
    await tipDialog.getByTestId('send-tip').click();
    await fan
      .getByText(`You tipped Luna Rivera ${tip.toFixed(2)} tokens`)
      .first()
      .waitFor();
    balance -= tip;
    await expect.poll(() => headerBalance(fan), { timeout: 15_000 }).toBeCloseTo(balance, 2);

    // 4. Buy the signed yoga mat: enter an address; the wallet is short, so top up and come back to the product.
    await fan.getByRole('tab', { name: 'Shop' }).click();
    await fan.getByTestId('content-card-product').filter({ hasText: 'Signed yoga mat' }).click();
    await fan.getByTestId('item-page-product').waitFor();
    const productPath = new URL(fan.url()).pathname;
    await fan.getByTestId('buy-button').click();
    const form = fan.getByTestId('address-form');
    await form.getByLabel('Full name').fill('Jamie Fan');
    await form.getByLabel('Street address').fill('12 Harbour Road');
    await form.getByLabel('City').fill('Brighton');
    await form.getByLabel('Zip code').fill('BN1 1AA');
    await form.getByLabel('Country').fill('GB');
    await form.getByTestId('save-address').click();
    await fan.getByTestId('address-picker').getByText('12 Harbour Road').waitFor();
    await h.screenshot(fan, 'money-buy-insufficient');
    await fan.getByTestId('topup-to-unlock').click();
    await fan.waitForURL((u) => u.pathname === '/wallet' && u.searchParams.get('returnTo') === productPath);
    await fan.getByTestId('topup-return-notice').waitFor();
    await fan.getByTestId('topup-submit').click();
    await payOnSandbox(fan);
    await fan.waitForURL((u) => u.pathname === productPath);
    await fan.getByTestId('buy-button').click();
    await fan.getByTestId('address-picker').getByRole('radio', { checked: true }).waitFor();
    await fan.getByTestId('confirm-unlock').click();
    await fan.getByText('Purchase complete').first().waitFor();

    await fan.goto('/user/orders');
    const fanOrder = fan.getByTestId('fan-orders').getByTestId('order').filter({ hasText: 'Signed yoga mat' }).first();
    await fanOrder.getByText('12 Harbour Road', { exact: false }).waitFor();
    await h.screenshot(fan, 'money-fan-orders');

    // 5. The creator sees the order with the address, ships it with tracking, and sees the earnings.
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'luna');
    await creator.goto('/creator/orders');
    const order = creator
      .getByTestId('order')
      .filter({ hasText: 'Jamie' })
      .filter({ hasText: 'Signed yoga mat' })
      .first();
    await order.getByText('12 Harbour Road', { exact: false }).waitFor();
    await order.locator('select[name="delivery-status"]').selectOption('shipping');
    await order.getByLabel('Tracking code').fill('TRACK-123');
    await order.getByRole('button', { name: 'Save' }).click();
    await creator.getByText('Order updated').first().waitFor();
    await h.screenshot(creator, 'money-creator-orders');

    await creator.goto('/creator/earnings');
    const list = creator.getByTestId('earnings-list');
    await list.waitFor();
    await list.getByRole('row').filter({ hasText: 'Tips' }).filter({ hasText: 'Jamie' }).first().waitFor();
    await list.getByRole('row').filter({ hasText: 'Products' }).filter({ hasText: 'Jamie' }).first().waitFor();
    await list.getByRole('row').filter({ hasText: 'Posts' }).filter({ hasText: 'Jamie' }).first().waitFor();
    // "390.43 tokens": the amount with its unit (formatTokenAmount).
    const net = (await creator.getByTestId('earnings-net').textContent()) ?? '';
    expect(Number.parseFloat(net.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
    await creator.getByTestId('earnings-by-source').locator('.recharts-bar-rectangle').first().waitFor();
    await h.screenshot(creator, 'money-creator-earnings', { fullPage: true });

    // The referral page has a copyable link.
    await creator.goto('/referrals');
    await expect.poll(() => creator.getByTestId('referral-link').inputValue()).toMatch(/^http/);
    await h.screenshot(creator, 'money-referrals');

    // The fan sees the order shipped, with its tracking code, and can no longer change the address.
    await fan.reload();
    await fanOrder.getByText('Shipped').waitFor();
    await fanOrder.getByText('TRACK-123').waitFor();
    expect(await fanOrder.getByRole('button', { name: 'Change delivery address' }).count()).toBe(0);
    await fan.context().close();
    await creator.context().close();
  }, 240_000);
});
