import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn, makeMediaFile, verifyCreator } from '../src/journeys';

// Demo data (apps/server/src/seed): sasha is a creator; jamie is a fan who does not subscribe to sasha.
const stamp = Date.now().toString(36);
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // This journey puts sasha's video on sale (pending in the demo data); only verified creators can sell.
  await verifyCreator(h.baseUrl, 'sasha');
});
afterAll(async () => {
  await h?.close();
});

describe('catalogue journey', () => {
  it('a creator makes a gallery of five photos and a paid video; a fan browses the tabs, opens the lightbox and sees the video locked', async () => {
    const galleryTitle = `Gallery ${stamp}`;
    const videoTitle = `Paid video ${stamp}`;
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'sasha');

    // gallery, free for everyone so the fan sees the photos in the lightbox
    await creator.goto('/creator/galleries');
    await creator.getByTestId('new-item').click();
    const form = creator.getByTestId('item-form');
    await form.getByLabel('Title').fill(galleryTitle);
    await form.getByLabel('Who can see it').selectOption('free');
    await form.getByTestId('save-item').click();
    const row = creator.getByTestId('studio-row').filter({ hasText: galleryTitle });
    await row.getByRole('link', { name: 'Photos' }).click();
    await creator.getByTestId('gallery-photos-manager').waitFor();
    await creator.getByLabel('Upload photos').setInputFiles(
      Array.from({ length: 5 }, (_, i) => ({
        name: `photo-${i}.jpg`,
        mimeType: 'image/jpeg',
        buffer: makeMediaFile('jpg', `${800 + i * 10}x600`),
      })),
    );
    await expect.poll(() => creator.getByTestId('studio-photo').count(), { timeout: 30_000 }).toBe(5);
    await h.screenshot(creator, 'catalogue-gallery-photos');

    // paid video
    await creator.goto('/creator/videos');
    await creator.getByTestId('new-item').click();
    const vform = creator.getByTestId('item-form');
    await vform.getByLabel('Title').fill(videoTitle);
    await vform.getByLabel('Who can see it').selectOption('sale');
    await vform.getByLabel('Price (tokens)').fill('7.5');
    await vform
      .getByLabel('Video', { exact: true })
      .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: makeMediaFile('mp4') });
    await vform.getByTestId('save-item').click();
    await creator.getByTestId('studio-row').filter({ hasText: videoTitle }).waitFor({ timeout: 30_000 });
    await h.screenshot(creator, 'catalogue-studio-videos');
    await creator.context().close();

    // the fan browses sasha's tabs
    const fan = await h.newPage({ ageConfirmed: true });
    await logIn(fan, 'jamie');
    await fan.goto('/sasha');
    await fan.getByRole('tab', { name: 'Galleries' }).click();
    await fan.getByTestId('content-card-gallery').filter({ hasText: galleryTitle }).click();
    await fan.getByTestId('gallery-grid').waitFor();
    await expect.poll(() => fan.getByTestId('gallery-grid').getByRole('button').count()).toBe(5);
    await fan.getByRole('button', { name: 'Open photo 1' }).click();
    await fan.getByTestId('lightbox').waitFor();
    await fan.getByRole('button', { name: 'Next photo' }).click();
    await fan.getByTestId('lightbox').getByText('2 / 5').waitFor();
    await h.screenshot(fan, 'catalogue-lightbox');
    await fan.keyboard.press('Escape');

    await fan.goto('/sasha');
    await fan.getByRole('tab', { name: 'Videos' }).click();
    await fan.getByTestId('content-card-video').filter({ hasText: videoTitle }).click();
    await fan.getByTestId('locked-video').waitFor();
    await fan.getByTestId('buy-button').filter({ hasText: '7.50 tokens' }).waitFor();
    expect(await fan.getByTestId('video-player').count()).toBe(0);
    await h.screenshot(fan, 'catalogue-video-locked');
    await fan.context().close();
  });
});
