import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';

let h: Harness;
const DEMO_PASSWORD = 'marquee-demo-2026';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function apiCall<T>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${h.baseUrl}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

async function apiLogin(username: string) {
  const res = await fetch(`${h.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('admin money journey', () => {
  it('the demo admin ships an order, grants a subscription by hand, and previews a profile as a subscriber', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    await page.goto('/auth/login');
    await page.getByLabel('Email or username').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // Orders: alex's yoga mat order from luna moves from processing to shipping.
    await page.goto('/admin/money');
    await page.getByRole('heading', { name: 'Money' }).waitFor();
    await page.getByRole('tab', { name: 'Orders' }).click();
    const row = page.getByRole('row').filter({ hasText: '@alex' }).filter({ hasText: 'processing' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New status').selectOption('shipping');
    await dialog.getByLabel('Tracking code').fill('1Z-DEMO-42');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Luna shipped it and asked support to update');
    await h.screenshot(page, 'admin-order-status');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: '1Z-DEMO-42' }).getByText('Shipped').waitFor();
    const alex = await apiLogin('alex');
    const orders = await apiCall<{ data: Array<{ deliveryStatus: string; shippingCode: string | null }> }>(
      '/orders/users/search',
      alex,
    );
    expect(orders.body.data.find((o) => o.shippingCode === '1Z-DEMO-42')?.deliveryStatus).toBe('shipping');
    const notes = await apiCall<{ data: Array<{ title: string }> }>('/notifications', alex);
    expect(notes.body.data.some((n) => /is shipping/.test(n.title))).toBe(true);

    // Subscriptions: jamie gets three months of kai, gateway system.
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await page.getByLabel('Fan (username)').fill('jamie');
    await page.getByLabel('Creator (username)').fill('kai');
    await page.getByLabel('Period').selectOption('three_months');
    await page.getByLabel('Reason').fill('Giveaway winner');
    await page.getByRole('button', { name: 'Grant' }).click();
    await page.getByText('Subscription granted').first().waitFor();
    const granted = page.getByRole('row').filter({ hasText: '@jamie' }).filter({ hasText: '@kai' });
    await granted.getByText('system').waitFor();
    await h.screenshot(page, 'admin-subscription-grant');
    const jamie = await apiLogin('jamie');
    const subs = await apiCall<{ data: Array<{ performer: { username: string }; paymentMethod: string }> }>(
      '/subscriptions/user/search',
      jamie,
    );
    expect(subs.body.data.find((s) => s.performer.username === 'kai')?.paymentMethod).toBe('system');

    // View as: luna's profile as a subscriber vs a visitor (no impersonation).
    await page.goto('/admin/users');
    await page.getByRole('button', { name: '@luna' }).first().click();
    const user = page.getByRole('dialog', { name: '@luna' });
    const panel = user.getByRole('region', { name: 'View as' });
    await panel.getByText('not following').waitFor();
    const lockedAsVisitor = await panel.getByText('locked', { exact: true }).count();
    expect(lockedAsVisitor).toBeGreaterThan(0);
    await panel.getByLabel('Viewer').selectOption('subscriber');
    await panel.getByText('subscribed', { exact: false }).first().waitFor();
    await h.screenshot(page, 'admin-view-as');
    const lockedAsSubscriber = await panel.getByText('locked', { exact: true }).count();
    expect(lockedAsSubscriber).toBeLessThan(lockedAsVisitor);
    await page.context().close();
  });
});
