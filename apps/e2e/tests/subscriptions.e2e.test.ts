import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn } from '../src/journeys';

// Demo data (apps/server/src/seed): kai has a subscribers-only post ("Subscribers: the full Iceland set…");
// jamie is a fan not subscribed to kai. The server lets this journey move its clock (MARQUEE_E2E_CLOCK=1).
const DAY = 86_400_000;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { MARQUEE_E2E_CLOCK: '1' } });
});
afterAll(async () => {
  await h?.close();
});

async function travel(page: Page, offsetMs: number) {
  const res = await page.request.post('/api/subscriptions/dev/clock', { data: { offsetMs } });
  expect(res.status()).toBe(200);
}

const icelandPost = (page: Page) =>
  page.getByTestId('post-card').filter({ hasText: 'Subscribers: the full Iceland set' });

describe('subscriptions journey', () => {
  it('a fan subscribes monthly by card from a locked post, sees it unlocked, cancels, and keeps access until the period ends', async () => {
    const fan = await h.newPage({ ageConfirmed: true, viewport: { width: 390, height: 844 } });
    await logIn(fan, 'jamie');

    // 1. The subscribers-only post is locked on kai's profile.
    await fan.goto('/kai');
    const post = icelandPost(fan);
    await post.waitFor();
    await post.getByTestId('locked-overlay').waitFor();
    await h.screenshot(fan, 'subscriptions-locked-post');

    // 2. "Subscribe to see" opens the modal: monthly, paid by card through the payments module's sandbox checkout.
    await post.getByRole('button', { name: 'Subscribe to see' }).click();
    const modal = fan.getByRole('dialog', { name: /Subscribe to Kai Morgan/ });
    await modal.waitFor();
    await modal.getByRole('radio', { name: /Monthly/ }).check();
    await modal.getByTestId('pay-card').click();
    await h.screenshot(fan, 'subscriptions-modal');
    await modal.getByTestId('subscription-continue').click();
    await fan.getByTestId('subscription-summary').waitFor();
    await fan.getByTestId('subscription-confirm').click();
    await fan.waitForURL((u) => u.pathname.startsWith('/payment/sandbox/checkout/'));
    const checkout = fan.getByTestId('sandbox-checkout');
    await checkout.getByText('Test checkout · sandbox · no real money moves').waitFor();
    await checkout.getByText(/Monthly subscription to Kai Morgan/).waitFor();
    await h.screenshot(fan, 'subscriptions-sandbox-checkout');
    // a declined test card first: "try another card" pays the same subscription
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
    await fan.getByTestId('sandbox-pay').click();
    await checkout.getByRole('alert').filter({ hasText: 'Your card was declined' }).waitFor();
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fan.getByTestId('sandbox-pay').click();

    // 3. Back on the profile, the post is unlocked and the profile says until when.
    await fan.waitForURL((u) => u.pathname === '/kai');
    await icelandPost(fan).waitFor();
    await expect.poll(() => icelandPost(fan).getByTestId('locked-overlay').count(), { timeout: 15_000 }).toBe(0);
    await fan.getByTestId('subscribe-state').filter({ hasText: 'Subscribed' }).waitFor();
    await h.screenshot(fan, 'subscriptions-unlocked');

    // 4. The fan cancels on their subscriptions page: it will end instead of renewing.
    await fan.goto('/user/subscriptions');
    const row = fan.getByTestId('my-subscriptions').getByRole('listitem').filter({ hasText: 'Kai Morgan' });
    await row.getByTestId('cancel-subscription').click();
    await fan.getByTestId('confirm-cancel').click();
    await row.getByText(/Ends /).waitFor();
    await h.screenshot(fan, 'subscriptions-cancelled');

    // 5. A day before the period ends the post is still visible…
    await travel(fan, 29 * DAY);
    await fan.goto('/kai');
    await icelandPost(fan).waitFor();
    expect(await icelandPost(fan).getByTestId('locked-overlay').count()).toBe(0);

    // 6. …and once it has ended, it is locked again.
    await travel(fan, 30 * DAY + 60_000);
    await fan.goto('/kai');
    await icelandPost(fan).getByTestId('locked-overlay').waitFor();
    await h.screenshot(fan, 'subscriptions-ended');
    await travel(fan, 0);
    await fan.context().close();
  });
});
