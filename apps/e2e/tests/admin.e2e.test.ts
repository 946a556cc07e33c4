import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../src/axe';
import { type Harness, startHarness } from '../src/harness';

let h: Harness;
const DEMO_PASSWORD = 'marquee-demo-2026';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function apiCall<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${h.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

async function apiLogin(username: string) {
  const res = await apiCall<{ token: string }>('/auth/login', {
    method: 'POST',
    body: { username, password: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe('admin console journey', () => {
  it('the demo admin approves sasha, changes tip limits and the site name, and takes a reported post down', async () => {
    // A fan reports one of luna's posts (set up through the API, like a real report from the site).
    const fan = await apiLogin('alex');
    const wall = await apiCall<{ data: Array<{ _id: string; text: string }> }>('/user/feeds/search/luna', {
      token: fan,
    });
    const post = wall.body.data.find((f) => f.text.length > 0)!;
    expect(post).toBeDefined();
    const filed = await apiCall('/reports', {
      method: 'POST',
      token: fan,
      body: { targetType: 'feed', targetId: post._id, reason: 'spam', description: 'Looks like spam to me' },
    });
    expect([200, 201]).toContain(filed.status);

    const page = await h.newPage({ ageConfirmed: true });
    await page.goto('/auth/login');
    await page.getByLabel('Email or username').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // Dashboard
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Pending verifications').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await h.screenshot(page, 'admin-dashboard');

    // Verification queue: sasha is pending; approve her.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Verification queue' })
      .click();
    await page.getByRole('heading', { name: 'Verification queue' }).waitFor();
    await page.getByRole('button', { name: '@sasha' }).click();
    const dialog = page.getByRole('dialog', { name: '@sasha' });
    await dialog.getByText('identity pending').waitFor();
    await h.screenshot(page, 'admin-verification');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    // A consequential decision asks first (issue 31): the question names the account.
    await dialog.getByText('Approve the identity of @sasha?').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Creator approved').first().waitFor();
    await dialog.getByText('identity verified').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const sasha = await apiCall<{ data: Array<{ verificationStatus: string }> }>('/admin/users?q=sasha', {
      token: await apiLogin('admin'),
    });
    expect(sasha.body.data[0].verificationStatus).toBe('verified');

    // Settings: tip limits and the site name, visible in the header at once.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByLabel('Site name').fill('Marquee Live');
    await page.getByLabel('Tip min').fill('5');
    await page.getByLabel('Tip max').fill('500');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Marquee Live home' }).waitFor();
    await h.screenshot(page, 'admin-settings');
    const pub = await apiCall<{ siteName: string; minimumTipPrice: number; maximumTipPrice: number }>(
      '/settings/public',
    );
    expect(pub.body).toMatchObject({ siteName: 'Marquee Live', minimumTipPrice: 5, maximumTipPrice: 500 });

    // Reports: the reported post is shown inline; take it down.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Reports' }).click();
    const card = page.getByTestId('report').filter({ hasText: 'Looks like spam to me' });
    await card.getByText(post.text.slice(0, 30)).first().waitFor();
    await card.getByLabel('Note').fill('Spam is not allowed here');
    await h.screenshot(page, 'admin-reports');
    await card.getByRole('button', { name: 'Take down' }).click();
    await card.getByText('Take this content down?').waitFor();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Item taken down').first().waitFor();
    const gone = await apiCall(`/user/feeds/${post._id}`, { token: fan });
    expect(gone.status).toBe(404);

    // The audit log lists what was done.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByText('settings.update').first().waitFor();
    await page.getByText('creator.verify').first().waitFor();
    await page.getByText('content.takedown').first().waitFor();
    await h.screenshot(page, 'admin-audit');
    await page.context().close();
  });

  it('someone depicted without consent reports a post with no account: it is hidden at once; the admin decides from the complaints queue', async () => {
    const fan = await apiLogin('alex');
    const wall = await apiCall<{ data: Array<{ _id: string; text: string }> }>('/user/feeds/search/kai', {
      token: fan,
    });
    const post = wall.body.data.find((f) => f.text.length > 0)!;
    expect(post).toBeDefined();

    const page = await h.newPage({ ageConfirmed: true });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Report content' }).click();
    await page.getByRole('heading', { name: 'Report content' }).waitFor();
    const form = page.getByRole('form', { name: 'Report content' });
    await form.getByLabel('I am depicted and did not consent').check();
    await form.getByLabel('Your full name', { exact: true }).fill('Robin Journey');
    await form.getByLabel('Your e-mail address').fill('robin.journey@example.test');
    await form.getByLabel('Links to the content').fill(`${h.baseUrl}/post/${post._id}`);
    await form.getByLabel('What is wrong with it?').fill('I am in this photo and never agreed to it being published.');
    await form.getByRole('checkbox').check();
    await form.getByLabel('Signature (type your full name)').fill('Robin Journey');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await form.getByRole('button', { name: 'Send report' }).click();
    const receipt = page.getByTestId('complaint-receipt');
    await receipt.waitFor();
    const caseNumber = /C-\d{6}-[A-Z2-9]{5}/.exec((await receipt.textContent()) ?? '')?.[0];
    expect(caseNumber).toBeDefined();
    await page.getByText('The content you reported is hidden while we review it.').waitFor();
    await h.screenshot(page, 'complaint-received');
    expect((await apiCall(`/user/feeds/${post._id}`, { token: fan })).status).toBe(404);
    await page.context().close();

    const admin = await h.newPage({ ageConfirmed: true });
    await admin.goto('/auth/login');
    await admin.getByLabel('Email or username').fill('admin');
    await admin.getByLabel('Password').fill(DEMO_PASSWORD);
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.getByRole('button', { name: 'Account menu' }).waitFor();
    await admin.goto('/admin/complaints');
    const card = admin.getByTestId('complaint').filter({ hasText: caseNumber! });
    await card.getByText('Hidden at once, pending your decision').waitFor();
    await card.getByText('On time').waitFor();
    await h.screenshot(admin, 'admin-complaints');
    await card.getByLabel(/Reply to the reporter/).fill('The person in the photo is the creator; nothing to remove.');
    await card.getByRole('button', { name: 'No action' }).click();
    await admin.getByText('Decision sent').first().waitFor();
    expect((await apiCall(`/user/feeds/${post._id}`, { token: fan })).status).toBe(200);
    await admin.context().close();
  });
});
