import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { ffmpegFile, logIn } from '../src/journeys';

// Demo data (apps/server/src/seed): luna is a creator selling "Full body HIIT, 30 minutes"; jamie is a fan who has not bought it.
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A phone-like video of a few MB (ffmpeg testsrc with a tone, high bitrate), so the upload takes a visible while. */
function makeLargeVideo(): Buffer {
  return ffmpegFile('mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=8'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=8'],
    // Grain, so the encoder cannot squeeze the test pattern into a few kilobytes.
    ...['-vf', 'noise=alls=40:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '4M'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  ]);
}

/** Every media file URL the page fetched, with its status. */
function recordMedia(page: Page) {
  const seen: Array<{ url: string; status: number }> = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/media/file/')) seen.push({ url: r.url(), status: r.status() });
  });
  return seen;
}

describe('media journey', () => {
  it('a creator uploads a welcome video with progress, sees it processing then ready with a poster; a fan who has not paid sees only the teaser; the owner plays a paid video and seeks', async () => {
    // 1. Luna uploads a welcome video on /creator/account, over a slow uplink so the progress bar shows.
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'luna');
    await creator.goto('/creator/account');
    const cdp = await creator.context().newCDPSession(creator);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 500_000,
    });
    const video = makeLargeVideo();
    expect(video.length).toBeGreaterThan(1_500_000);
    await creator
      .getByLabel('Welcome video', { exact: true })
      .setInputFiles({ name: 'welcome.mp4', mimeType: 'video/mp4', buffer: video });
    const uploadBar = creator.getByRole('progressbar', { name: 'Uploading welcome.mp4' });
    await uploadBar.waitFor();
    await expect
      .poll(async () => Number(await uploadBar.getAttribute('aria-valuenow').catch(() => '0')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await creator.getByText(/Uploading… \d+%/).waitFor();
    await h.screenshot(creator, 'media-welcome-uploading');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // 2. Processing (server-side ffmpeg), then ready with a poster.
    await creator.getByText(/Uploaded · /).waitFor({ timeout: 60_000 });
    await creator.getByText(/Processing… \d+%/).waitFor({ timeout: 30_000 });
    await creator.getByRole('progressbar', { name: 'Processing' }).waitFor();
    await h.screenshot(creator, 'media-welcome-processing');
    await creator.getByText('Ready', { exact: true }).waitFor({ timeout: 120_000 });
    const poster = creator.getByRole('img', { name: 'Poster' });
    await poster.waitFor();
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The section's player now plays the processed video.
    const own = creator.locator('video[src*="/api/profile-media/media/"]');
    await expect
      .poll(() => own.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await h.screenshot(creator, 'media-welcome-ready');

    // The public profile shows the processed welcome video (an H.264 MP4, not the raw upload).
    await creator.goto('/luna');
    const welcome = creator.locator('video[src*="/api/profile-media/media/"]');
    await welcome.waitFor();
    await expect
      .poll(() => welcome.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);

    // 3. Jamie has not bought the paid video: only the teaser plays, never the video itself.
    const fan = await h.newPage({ ageConfirmed: true, viewport: { width: 390, height: 844 } });
    const fanMedia = recordMedia(fan);
    await logIn(fan, 'jamie');
    await fan.goto('/luna');
    await fan.getByRole('tab', { name: 'Videos' }).click();
    // From here on, what the video page loads (the profile's public welcome video is not paid media).
    // Public media (exp=0: the welcome video, avatars) may still be arriving from the profile page.
    fanMedia.length = 0;
    await fan.getByTestId('content-card-video').filter({ hasText: 'Full body HIIT' }).click();
    await fan.waitForURL(/\/video\//);
    const videoPath = new URL(fan.url()).pathname;
    const locked = fan.getByTestId('locked-video');
    await locked.waitFor();
    expect(await fan.getByTestId('video-player').count()).toBe(0);
    const teaser = locked.locator('video');
    await teaser.waitFor({ timeout: 30_000 });
    expect(await teaser.getAttribute('src')).toMatch(/\/api\/media\/file\/[0-9a-f-]+\/teaser\?/);
    await fan.getByText('Unlock for').first().waitFor();
    await h.screenshot(fan, 'media-paid-video-locked-phone');
    expect(fanMedia.some((r) => /\/teaser\?/.test(r.url))).toBe(true);
    for (const r of fanMedia.filter((m) => !/[?&]exp=0&/.test(m.url)))
      expect(r.url, 'a locked video never loads its full renditions').not.toMatch(/\/(mp4|hls|poster)[/?]/);

    // 4. Luna plays her own paid video and seeks: the server answers the player's Range requests with 206.
    const ownerMedia = recordMedia(creator);
    await creator.goto(videoPath);
    const player = creator.getByTestId('video-player');
    await player.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(4);
    const seekTo = Math.floor(duration / 2);
    await player.evaluate(
      (v: HTMLVideoElement, t: number) =>
        new Promise<void>((resolve) => {
          v.addEventListener('seeked', () => resolve(), { once: true });
          v.currentTime = t;
        }),
      seekTo,
    );
    expect(await player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(seekTo, 0);
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(seekTo + 0.3);
    // The seeded paid video is short (MP4, no HLS): the player fetched it in ranges.
    const mp4 = ownerMedia.filter((r) => /\/mp4\?/.test(r.url));
    expect(mp4.length).toBeGreaterThan(0);
    expect(mp4.some((r) => r.status === 206)).toBe(true);
    await h.screenshot(creator, 'media-paid-video-owner-playing');
  }, 300_000);
});
