import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../src/axe';
import { type Harness, startHarness } from '../src/harness';
import { DEMO_PASSWORD, logIn } from '../src/journeys';

// Review before publication (issue 26 item 1). The journeys' demo site has review off
// (SEED_REVIEW=0); this file turns "review everything" on through the admin API first.
const stamp = Date.now().toString(36);
let h: Harness;

async function apiToken(username: string) {
  const res = await fetch(`${h.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

beforeAll(async () => {
  h = await startHarness();
  const token = await apiToken('admin');
  const res = await fetch(`${h.baseUrl}/api/admin/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reviewMode: 'everything' }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
});
afterAll(async () => {
  await h?.close();
});

describe('review before publication', () => {
  it('a creator posts and sees "in review"; a moderator approves from the queue with the keyboard; the fan sees it', {
    timeout: 240_000,
  }, async () => {
    const text = `Sunset set, waiting for review ${stamp}`;

    // 1. The creator posts; the post waits in review and says so in the studio.
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'kai');
    await creator.goto('/creator/feeds/new');
    await creator.getByLabel("What's new?").fill(text);
    await creator.getByRole('button', { name: 'Publish' }).click();
    await creator.waitForURL('**/creator/feeds');
    const row = creator.getByTestId('my-post').filter({ hasText: text });
    await row.getByTestId('review-badge').filter({ hasText: 'In review' }).waitFor();
    const href = await row.getByRole('link').first().getAttribute('href');
    const postId = href?.split('/post/')[1] ?? '';
    expect(postId).toMatch(/^[0-9a-f-]{36}$/);
    await h.screenshot(creator, 'review-creator-in-review');

    // 2. A fan cannot reach it yet.
    const fanToken = await apiToken('alex');
    const asFan = () =>
      fetch(`${h.baseUrl}/api/user/feeds/${postId}`, { headers: { authorization: `Bearer ${fanToken}` } });
    expect((await asFan()).status).toBe(404);

    // 3. The moderator opens the queue and approves with the keyboard.
    const admin = await h.newPage({ ageConfirmed: true });
    await logIn(admin, 'admin');
    await admin.goto('/admin/review');
    const item = admin.locator(`[data-testid="review-item"][data-object-id="${postId}"]`);
    await item.waitFor();
    await item.getByText(text).waitFor();
    await admin.getByTestId('review-figures').getByText('1 waiting').waitFor();
    const violations = await axeViolations(admin);
    expect(violations, describeViolations(violations)).toEqual([]);
    await h.screenshot(admin, 'review-queue');
    await admin.locator('body').click({ position: { x: 1, y: 1 } });
    await admin.keyboard.press('a');
    await admin.getByText('Nothing waits for review').waitFor();

    // 4. The fan sees the post; the creator's badge is gone.
    await expect.poll(async () => (await asFan()).status).toBe(200);
    const fan = await h.newPage({ ageConfirmed: true, viewport: { width: 390, height: 844 } });
    await logIn(fan, 'alex');
    await fan.goto(`/post/${postId}`);
    await fan.getByTestId('post-card').filter({ hasText: text }).waitFor();
    await creator.reload();
    await creator.getByTestId('my-post').filter({ hasText: text }).waitFor();
    expect(await creator.getByTestId('my-post').filter({ hasText: text }).getByTestId('review-badge').count()).toBe(0);
  });
});
