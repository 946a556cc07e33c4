import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../src/axe';
import { type Harness, startHarness, VIEWPORTS } from '../src/harness';
import { logIn } from '../src/journeys';

// Issue 26 item 2: an admin opens Admin → Live monitor while luna streams from the (fake) camera,
// sees her thumbnail, watches invisibly, warns her (she sees it in the studio at once) and ends it.
const FAKE_MEDIA = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

let h: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await startHarness({ browserArgs: FAKE_MEDIA, env: { RTMP_PORT: '-1' } });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await h?.close();
});

async function open(options: Parameters<Harness['newContext']>[0]): Promise<Page> {
  const context = await h.newContext({ ageConfirmed: true, permissions: ['camera', 'microphone'], ...options });
  contexts.push(context);
  return context.newPage();
}

function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = /(?:^|; )token=([^;]+)/.exec(document.cookie)?.[1];
    const res = await fetch(`/api${p}`, {
      headers: token ? { Authorization: `Bearer ${decodeURIComponent(token)}` } : {},
    });
    return res.json();
  }, path) as Promise<T>;
}

describe('live monitor', () => {
  // A stream must start, ffmpeg grab a frame and the player buffer before the checks: as long as the
  // streaming journey's, not the suite's 60 s.
  it('an admin sees the live stream with its picture, watches unseen, warns the creator and ends the stream', {
    timeout: 120_000,
  }, async () => {
    const creator = await open({ viewport: VIEWPORTS.desktop, theme: 'light' });
    const admin = await open({ viewport: VIEWPORTS.desktop, theme: 'dark' });
    await Promise.all([logIn(creator, 'luna'), logIn(admin, 'admin')]);

    await creator.goto('/creator/live');
    await expect
      .poll(() => creator.getByTestId('camera-preview').evaluate((v: HTMLVideoElement) => v.videoWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await creator.getByLabel('Title').fill('Monitored morning');
    await creator.getByTestId('go-live').click();
    await creator.getByText('Fans are receiving your video').waitFor({ timeout: 30_000 });

    await admin.goto('/admin/live-monitor');
    await admin.getByRole('heading', { name: 'Live monitor' }).first().waitFor();
    const card = admin.getByTestId('monitor-card').filter({ hasText: 'Monitored morning' });
    await card.waitFor({ timeout: 15_000 });
    // The thumbnail: a frame ffmpeg grabbed from the HLS output, refreshed with the grid.
    const thumb = card.getByRole('img', { name: 'Live picture of @luna' });
    await expect
      .poll(() => thumb.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), {
        timeout: 40_000,
        interval: 1_000,
      })
      .toBeGreaterThan(0);
    const violations = await axeViolations(admin);
    expect(violations, describeViolations(violations)).toEqual([]);
    for (const [size, vp] of Object.entries(VIEWPORTS)) {
      await admin.setViewportSize(vp);
      await admin.waitForTimeout(200);
      await h.screenshot(admin, `live-monitor-${size}-dark`, { fullPage: size === 'desktop' });
    }
    await admin.setViewportSize(VIEWPORTS.desktop);

    // Watch: the player receives frames; nobody counts or lists the admin.
    await card.getByRole('button', { name: 'Watch @luna invisibly' }).click();
    const player = admin.getByTestId('monitor-player').locator('video');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 40_000, interval: 500 })
      .toBeGreaterThan(0.5);
    const monitor = await apiGet<{ data: Array<{ _id: string; title: string; viewerCount: number }> }>(
      admin,
      '/admin/live-monitor',
    );
    const live = monitor.data.find((d) => d.title === 'Monitored morning')!;
    expect(live.viewerCount).toBe(0);
    await admin.keyboard.press('Escape');

    // Warn: luna reads it in the studio at once.
    await card.getByRole('button', { name: 'Warn @luna' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Message to the creator').fill('Please keep your face in the picture');
    await dialog.getByRole('button', { name: 'Warn' }).click();
    await creator.getByTestId('moderator-warning').getByText('Please keep your face in the picture').waitFor();
    await h.screenshot(creator, 'live-monitor-studio-warning-desktop-light');

    // End: the stream stops, the card leaves the grid.
    await card.getByRole('button', { name: 'End now: the stream of @luna' }).click();
    await dialog.getByLabel('Reason').fill('Test of the monitor');
    await dialog.getByRole('button', { name: 'End now' }).click();
    await card.waitFor({ state: 'detached', timeout: 15_000 });
    const after = await apiGet<{ status: string }>(creator, `/streaming/${live._id}`);
    expect(after.status).toBe('ended');
  });
});
