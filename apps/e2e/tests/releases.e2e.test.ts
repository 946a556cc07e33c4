import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../src/axe';
import { type Harness, startHarness } from '../src/harness';
import { DEMO_PASSWORD, logIn, makeMediaFile } from '../src/journeys';

// Consent of everyone depicted (issue 26 item 3): a creator names a person without an account,
// the person opens the invite link, signs the release and sends their ID and a selfie, an admin
// accepts the identity and approves the item from the queue, and the item is published.
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

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${h.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('consent of everyone depicted', () => {
  it('a creator names a co-performer, the person consents through the link, an admin approves, the item publishes', {
    timeout: 300_000,
  }, async () => {
    const title = `Rooftop duo ${stamp}`;
    const kai = await apiToken('kai');
    const gallery = await api(kai, 'POST', '/performer/performer-assets/galleries', {
      title,
      description: 'A shoot with a friend',
      status: 'draft',
      visibility: 'free',
    });
    const galleryId = String(gallery._id);

    // 1. The creator names the person in the item's editor and gets the invite link.
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'kai');
    await creator.goto('/creator/galleries');
    const row = creator.locator('li').filter({ hasText: title });
    await row.getByRole('button', { name: 'Edit' }).click();
    const people = creator.getByTestId('people-in-content');
    await people.getByLabel('Their name').fill('Mia Stone');
    await people.getByTestId('add-person').click();
    const person = people.getByTestId('release-row').filter({ hasText: 'Mia Stone' });
    await person.getByTestId('release-status').filter({ hasText: 'Waiting for consent' }).waitFor();
    const inviteUrl = await person.getByTestId('invite-url').inputValue();
    expect(inviteUrl).toMatch(/\/release\/[0-9a-f-]{36}~\d+~/);
    await h.screenshot(creator, 'releases-people-in-content');

    // 2. Publishing does not put it out: it waits for Mia's consent.
    await api(kai, 'PUT', `/performer/performer-assets/galleries/${galleryId}`, { status: 'active' });
    const fan = await apiToken('alex');
    const publicView = () =>
      fetch(`${h.baseUrl}/api/performer-assets/galleries/${galleryId}`, {
        headers: { authorization: `Bearer ${fan}` },
      });
    expect((await publicView()).status).toBe(404);

    // 3. Mia (no account) opens the link on her phone, signs and sends her ID and a selfie.
    const mia = await h.newPage({ ageConfirmed: true, viewport: { width: 390, height: 844 } });
    await mia.goto(new URL(inviteUrl).pathname);
    await mia.getByTestId('sign-release').waitFor();
    const violations = await axeViolations(mia);
    expect(violations, describeViolations(violations)).toEqual([]);
    await mia.getByLabel('Your full legal name').fill('Mia Stone');
    await mia.getByLabel('Date of birth').fill('1996-03-09');
    await mia.getByLabel('Document number').fill('P7654321');
    await mia.getByLabel('I have read the release and I consent').check();
    await mia.getByTestId('sign').click();
    await mia.getByTestId('send-id').waitFor();
    const jpg = makeMediaFile('jpg', '640x400');
    await mia.getByLabel('ID document').setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: jpg });
    await mia.getByLabel('Selfie').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: jpg });
    await mia.getByTestId('send-id-button').click();
    await mia.getByText('Your documents are being checked.').waitFor();
    await h.screenshot(mia, 'releases-invite-pending');

    // 4. The admin sees Mia beside the item, accepts her identity, and approves the item.
    const admin = await h.newPage({ ageConfirmed: true });
    await logIn(admin, 'admin');
    await admin.goto('/admin/review');
    const item = admin.locator(`[data-testid="review-item"][data-object-id="${galleryId}"]`);
    await item.waitFor();
    const beside = item.getByTestId('queue-releases');
    await beside.getByText('Mia Stone').waitFor();
    await beside.getByTestId('accept-identity').click();
    await beside.getByTestId('release-status').filter({ hasText: 'Consented and verified' }).waitFor();
    await h.screenshot(admin, 'releases-queue');
    await item.getByRole('button', { name: /Approve/ }).click();

    // 5. The item is out; Mia's page says she is done.
    await expect.poll(async () => (await publicView()).status, { timeout: 20_000 }).toBe(200);
    await mia.reload();
    await mia.getByText('All done: you consented and your identity is verified.').waitFor();
  });
});
