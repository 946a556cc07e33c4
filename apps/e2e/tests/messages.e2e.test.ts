import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn, makeMediaFile, verifyCreator } from '../src/journeys';

// Demo data (apps/server/src/seed/messages.ts): alex is a fan with 50 tokens; sasha is a creator alex has never written to.
const stamp = Date.now().toString(36);
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // These journeys pay sasha (pending in the demo data); only verified creators can be paid.
  await verifyCreator(h.baseUrl, 'sasha');
});
afterAll(async () => {
  await h?.close();
});

async function waitForUnread(page: Page, n: number) {
  await page.waitForFunction(
    (want) => {
      const label = document.querySelector('[data-testid="messages-link"]')?.getAttribute('aria-label') ?? '';
      return Number(/(\d+) unread/.exec(label)?.[1] ?? 0) === want;
    },
    n,
    { timeout: 15_000 },
  );
}

const item = (page: Page, text: string) => page.locator('li', { has: page.getByText(text, { exact: true }) });
const bubble = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

describe('private messages between two browsers', () => {
  it('a fan writes, the creator answers with a paid photo, the fan unlocks it, a delete shows on both sides', async () => {
    const fan = await h.newPage({ ageConfirmed: true });
    const creator = await h.newPage({ ageConfirmed: true });
    await Promise.all([logIn(fan, 'alex'), logIn(creator, 'sasha')]);

    // The creator waits on the messages screen.
    await creator.goto('/messages');
    await creator.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
    await creator.getByText('Your messages').waitFor();

    // The fan opens the creator's profile and presses Message: the conversation is created and opened.
    await fan.goto('/sasha');
    await fan.getByRole('button', { name: 'Message' }).click();
    await fan.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationUrl = new URL(fan.url()).pathname;
    await fan.getByLabel('Message', { exact: true }).waitFor();
    await fan.getByLabel('Message', { exact: true }).fill(`Hi Sasha, loved your last look! ${stamp}`);
    await fan.getByLabel('Message', { exact: true }).press('Enter');
    await bubble(fan, `Hi Sasha, loved your last look! ${stamp}`).waitFor();

    // The creator sees it appear in the list, with no reload, and opens it.
    const row = creator
      .getByRole('link', { name: /Alex Fan/ })
      .filter({ hasText: `Hi Sasha, loved your last look! ${stamp}` });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await bubble(creator, `Hi Sasha, loved your last look! ${stamp}`).waitFor();

    // The fan leaves the conversation; the creator replies with a paid photo.
    // The seed leaves some messages unread: read the starting total once the header has it.
    const unreadLoaded = fan.waitForResponse((r) => r.url().includes('/api/messages/total-unread-messages'));
    await fan.goto('/');
    const before = ((await (await unreadLoaded).json()) as { total: number }).total;
    await fan.getByTestId('messages-link').waitFor();
    await waitForUnread(fan, before);
    await creator
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles({ name: 'gift.jpg', mimeType: 'image/jpeg', buffer: makeMediaFile('jpg', '640x480') });
    await creator.getByLabel('Price in tokens').fill('3');
    await creator.getByLabel('Message', { exact: true }).fill(`A little thank-you 💜 ${stamp}`);
    await creator.getByRole('button', { name: 'Send' }).click();
    await bubble(creator, `A little thank-you 💜 ${stamp}`).waitFor();
    await item(creator, `A little thank-you 💜 ${stamp}`).getByText('Paid message · 3.00 tokens').waitFor();

    // The fan's unread badge counts it, live.
    await waitForUnread(fan, before + 1);
    await h.screenshot(fan, 'messages-fan-badge', { fullPage: false });
    await fan.getByTestId('messages-link').click();
    await fan.getByRole('link', { name: /Sasha/ }).click();
    await fan.waitForURL(`**${conversationUrl}`);
    await bubble(fan, `A little thank-you 💜 ${stamp}`).waitFor();
    const gift = item(fan, `A little thank-you 💜 ${stamp}`);
    await expect(gift.getByRole('img', { name: 'Attached' }).count()).resolves.toBe(0);
    await waitForUnread(fan, before); // read on open: the badge goes back
    await h.screenshot(fan, 'messages-fan-locked', { fullPage: false });

    // Unlock: the photo itself is shown.
    await gift.getByRole('button', { name: 'Unlock for 3.00 tokens' }).click();
    const photo = gift.getByRole('img', { name: 'Attached' });
    await photo.waitFor();
    await expect(photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await gift.getByText('Unlocked', { exact: true }).waitFor();

    // The fan deletes their first message: both sides show 'Message deleted'.
    const mine = item(fan, `Hi Sasha, loved your last look! ${stamp}`);
    const id = await mine.getAttribute('data-message-id');
    await mine.hover();
    await mine.getByRole('button', { name: 'Delete message' }).click();
    await fan.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await fan.locator(`li[data-message-id="${id}"]`).getByText('Message deleted').waitFor();
    await creator.locator(`li[data-message-id="${id}"]`).getByText('Message deleted').waitFor({ timeout: 15_000 });
    await expect(bubble(creator, `Hi Sasha, loved your last look! ${stamp}`).count()).resolves.toBe(0);
    await h.screenshot(fan, 'messages-fan-unlocked', { fullPage: false });
    await h.screenshot(creator, 'messages-creator', { fullPage: false });

    await fan.context().close();
    await creator.context().close();
  });

  it('on a phone the list and the thread are separate screens', async () => {
    const page = await h.newPage({ ageConfirmed: true, viewport: { width: 390, height: 844 } });
    await logIn(page, 'alex');
    await page.goto('/messages');
    const luna = page.getByRole('link', { name: /Luna Rivera/ });
    await luna.waitFor();
    await h.screenshot(page, 'messages-phone-list', { fullPage: false });
    await luna.click();
    await page.getByRole('link', { name: 'Back to conversations' }).waitFor();
    await page.getByRole('button', { name: /Unlock for 4.99 tokens/ }).waitFor();
    await expect(page.getByRole('heading', { name: 'Messages', exact: true }).isVisible()).resolves.toBe(false);
    await h.screenshot(page, 'messages-phone-thread', { fullPage: false });
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
    await page.context().close();
  });

  it('the notification center lists and saves preferences', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    await logIn(page, 'jamie');
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    await page.getByLabel('Likes on the site').uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Changes saved').first().waitFor();
    await page.reload();
    await expect(page.getByLabel('Likes on the site').isChecked()).resolves.toBe(false);
    await h.screenshot(page, 'notifications', { fullPage: false });
    await page.context().close();
  });
});
