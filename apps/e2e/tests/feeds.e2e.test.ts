import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn, makeMediaFile } from '../src/journeys';

// Demo data (apps/server/src/seed): sasha is a creator; jamie is a fan who follows sasha but does not subscribe.
const stamp = Date.now().toString(36);
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** Picks the files in the composer's field for `button` (several at once for photos) and waits until each is attached. */
async function upload(page: Page, button: string, files: Upload | Upload[]) {
  await page.getByRole('button', { name: button }).click();
  const before = await page.getByTestId('attached-file').count();
  await page.locator('input[type=file]').last().setInputFiles(files);
  const n = Array.isArray(files) ? files.length : 1;
  await expect.poll(() => page.getByTestId('attached-file').count(), { timeout: 30_000 }).toBe(before + n);
}

describe('feeds journey', () => {
  it('a creator posts a photo with a poll and a subscribers-only video; a following fan votes, comments and likes; the video is locked', {
    timeout: 240_000,
  }, async () => {
    const photoText = `Which look next? ${stamp}`;
    const videoText = `Backstage video ${stamp}`;

    // 1. The creator composes a photo post with a poll.
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'sasha');
    await creator.goto('/creator/feeds/new');
    await creator.getByRole('heading', { name: 'New post' }).waitFor();
    await creator.getByLabel("What's new?").fill(photoText);
    const jpeg = makeMediaFile('jpg');
    // Two photos picked at once ("Add photos" takes several, each uploaded with its own progress).
    await upload(creator, 'Add photos', [
      { name: 'look.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'look-2.jpg', mimeType: 'image/jpeg', buffer: makeMediaFile('jpg', '640x480') },
    ]);
    await creator.getByRole('button', { name: 'Poll' }).click();
    await creator.getByLabel('Question').fill('Pick my next cosplay');
    await creator.getByLabel('Option 1').fill('Knight');
    await creator.getByLabel('Option 2').fill('Pirate');
    await creator.getByRole('button', { name: 'Preview' }).click();
    await creator.getByRole('region', { name: 'Preview' }).getByText('Pick my next cosplay').waitFor();
    await h.screenshot(creator, 'feeds-composer');
    await creator.getByRole('button', { name: 'Publish' }).click();
    await creator.waitForURL('**/creator/feeds');
    await creator.getByTestId('my-post').filter({ hasText: photoText }).waitFor();

    // 2. …and a subscribers-only video post.
    await creator.goto('/creator/feeds/new');
    await creator.getByLabel("What's new?").fill(videoText);
    await upload(creator, 'Add a video', {
      name: 'backstage.mp4',
      mimeType: 'video/mp4',
      buffer: makeMediaFile('mp4'),
    });
    await creator.getByRole('radio', { name: 'Subscribers only' }).check();
    await creator.getByRole('button', { name: 'Publish' }).click();
    await creator.waitForURL('**/creator/feeds');
    await creator.getByTestId('my-post').filter({ hasText: videoText }).waitFor();
    await h.screenshot(creator, 'feeds-my-posts');

    // 3. A fan who follows the creator sees the photo post on the home timeline and votes.
    const fan = await h.newPage({ ageConfirmed: true, viewport: { width: 390, height: 844 } });
    await logIn(fan, 'jamie');
    await fan.goto('/');
    const photoPost = fan.getByTestId('post-card').filter({ hasText: photoText });
    await photoPost.waitFor();
    await expect
      .poll(() => photoPost.getByTestId('post-media').locator('img').first().getAttribute('src'))
      .toMatch(/^\/api\/media\//);
    await photoPost.getByRole('button', { name: 'Knight' }).click();
    await photoPost.getByTestId('poll-result').first().waitFor();
    expect(await photoPost.getByText('1 vote').count()).toBe(1);

    // 4. Likes it.
    await photoPost.getByRole('button', { name: 'Like' }).click();
    await expect.poll(() => photoPost.getByTestId('like-count').textContent()).toBe('1');

    // 5. The video post is locked: no video, an overlay asking to subscribe.
    const videoPost = fan.getByTestId('post-card').filter({ hasText: videoText });
    await videoPost.waitFor();
    await videoPost.getByTestId('locked-overlay').getByText('For subscribers only').waitFor();
    // Only the short teaser clip may play; the video itself (its mp4 rendition) is never on the page.
    const sources = await videoPost
      .locator('video')
      .evaluateAll((els) => els.map((e) => (e as HTMLVideoElement).getAttribute('src') ?? ''));
    expect(sources.every((src) => /\/teaser(\?|$)/.test(src))).toBe(true);
    expect(await videoPost.locator('video[src*="/mp4?"]').count()).toBe(0);
    await videoPost.getByRole('button', { name: 'Subscribe to see' }).waitFor();
    await h.screenshot(fan, 'feeds-timeline-phone');

    // 6. Comments on the photo post from its detail page.
    await photoPost.getByRole('link', { name: 'Comments' }).click();
    await fan.waitForURL('**/post/*');
    await fan.getByLabel('Write a comment').fill('Knight all the way!');
    await fan.getByRole('button', { name: 'Send', exact: true }).click();
    await fan.getByTestId('comment').filter({ hasText: 'Knight all the way!' }).waitFor();
    await expect.poll(() => fan.getByTestId('comment-count').textContent()).toBe('1');
    await h.screenshot(fan, 'feeds-post-detail-phone');

    // 7. After a reload the like, vote and comment are still there (server state, not just the UI).
    await fan.reload();
    await fan.getByTestId('comment').filter({ hasText: 'Knight all the way!' }).waitFor();
    expect(await fan.getByTestId('like-count').textContent()).toBe('1');
    expect(await fan.getByTestId('poll-result').count()).toBe(2);
  });
});
