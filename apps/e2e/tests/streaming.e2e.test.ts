import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../src/axe';
import { type Harness, startHarness, VIEWPORTS } from '../src/harness';
import { logIn, pushRtmp } from '../src/journeys';

// Demo data (apps/server/src/seed): luna is a verified creator; jamie is a fan with some tokens.
// The server runs with a short billing "minute" (test clock) so a private show bills several minutes
// and runs out of money within seconds.
const MINUTE_SECONDS = 4;
const FAKE_MEDIA = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

let h: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await startHarness({
    browserArgs: FAKE_MEDIA,
    env: { STREAMING_TEST_MINUTE_SECONDS: String(MINUTE_SECONDS), RTMP_PORT: '0' },
  });
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

/** A JSON GET of the API as the page's signed-in user (the token cookie). */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = /(?:^|; )token=([^;]+)/.exec(document.cookie)?.[1];
    const res = await fetch(`/api${p}`, {
      headers: token ? { Authorization: `Bearer ${decodeURIComponent(token)}` } : {},
    });
    return res.json();
  }, path) as Promise<T>;
}
const balanceOf = async (page: Page) => (await apiGet<{ balance: number }>(page, '/wallet')).balance;

/** Screenshots of the page at phone and desktop size, light and dark (apps/e2e/artifacts). */
async function sweep(page: Page, name: string) {
  const viewport = page.viewportSize();
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const [size, vp] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(vp);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((d) => {
        document.documentElement.classList.toggle('dark', d);
        window.scrollTo(0, 0);
      }, theme === 'dark');
      await page.waitForTimeout(150);
      await h.screenshot(page, `streaming-${name}-${size}-${theme}`, { fullPage: size === 'desktop' });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
}

let t0 = Date.now();
/** Step timings in the test output (the journey should stay around a minute on an idle machine). */
const step = (name: string) => console.log(`[streaming e2e] ${((Date.now() - t0) / 1000).toFixed(1)} s  ${name}`);

async function expectAxeClean(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(violations, `${label}:\n${describeViolations(violations)}`).toEqual([]);
}

const videoTime = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((v: HTMLVideoElement) => v.currentTime);

describe('live streaming in the browser', () => {
  it('a creator goes live from the camera; a fan watches (frames arrive), chats, tips, and buys a private show billed per minute until the balance runs out', async () => {
    t0 = Date.now();
    const creator = await open({ viewport: VIEWPORTS.desktop, theme: 'light' });
    const fan = await open({ viewport: VIEWPORTS.phone, theme: 'dark', isMobile: true, hasTouch: true });
    const requested: string[] = [];
    for (const p of [creator, fan]) p.on('request', (r) => requested.push(r.url()));
    await Promise.all([logIn(creator, 'luna'), logIn(fan, 'jamie')]);

    step('1. sign-in done');
    // 1. The fan's balance decides the private price: it pays two started minutes, not three.
    const tip = 10;
    const start = await balanceOf(fan);
    const price = Math.floor(((start - tip) / 2.5) * 100) / 100;
    expect(price).toBeGreaterThan(0);

    step('2. studio');
    // 2. The studio: camera preview from the fake device, prices, then go live (public, free).
    await creator.goto('/creator/live');
    await creator.getByRole('heading', { name: 'Live studio' }).waitFor();
    await expect
      .poll(() => creator.getByTestId('camera-preview').evaluate((v: HTMLVideoElement) => v.videoWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await creator.getByLabel('Private show (tokens per minute)').fill(price.toFixed(2));
    await creator.getByRole('button', { name: 'Save prices' }).click();
    await creator.getByText('Changes saved').first().waitFor();
    await creator.getByLabel('Camera').locator('option').first().waitFor({ state: 'attached' });
    await creator.getByTestId('obs-card').getByRole('textbox', { name: 'Stream key' }).waitFor({ state: 'attached' });
    await sweep(creator, 'studio');
    await expectAxeClean(creator, 'studio before going live');

    await creator.getByLabel('Title').fill('Morning flow, live');
    await creator.getByTestId('go-live').click();
    await creator.getByText('You are live!').first().waitFor();
    await creator.getByText('Fans are receiving your video').waitFor({ timeout: 30_000 });

    step('3. live now and profile');
    // 3. The fan finds the stream on the live-now page and on the profile; the player receives frames.
    await fan.goto('/live');
    const card = fan.getByTestId('stream-card').filter({ hasText: 'Morning flow, live' });
    await card.waitFor();
    await sweep(fan, 'live-now');
    await expectAxeClean(fan, 'live now');
    // Her profile's "Live now" badge links to the same stream.
    await fan.goto('/luna');
    await fan.getByTestId('profile-live-link').click();
    await fan.getByTestId('watch-page').waitFor();
    await fan.goBack();
    await fan.goBack();
    await card.click();
    await fan.getByTestId('watch-page').waitFor();
    await expect.poll(() => videoTime(fan, 'live-player'), { timeout: 40_000, interval: 500 }).toBeGreaterThan(0.5);
    const t1 = await videoTime(fan, 'live-player');
    await fan.waitForTimeout(2_000);
    expect(await videoTime(fan, 'live-player')).toBeGreaterThan(t1 + 0.5);
    // The creator sees the fan in the viewer list.
    await creator.getByTestId('viewer-list').getByText('Jamie Fan').waitFor({ timeout: 15_000 });

    step('4. chat');
    // 4. Chat: the fan writes; the creator sees it appended.
    const chat = fan.getByTestId('stream-chat').first();
    await chat.getByLabel('Chat message').fill('Hello from the front row!');
    await chat.getByLabel('Chat message').press('Enter');
    await chat.getByText('Hello from the front row!').waitFor();
    await creator.getByTestId('stream-chat').getByText('Hello from the front row!').waitFor({ timeout: 15_000 });

    step('5. tip');
    // 5. Tip: a tip notice appears in the chat on both sides; the fan's balance drops by the tip.
    await fan.getByTestId('stream-tip-button').click();
    const tipDialog = fan.getByRole('dialog', { name: /Send a tip to Luna/ });
    await tipDialog.getByLabel('Amount (tokens)').fill(String(tip));
    await tipDialog.getByLabel('Message (optional)').fill('Great session');
    await tipDialog.getByTestId('send-tip').click();
    await fan.getByTestId('chat-tip').first().waitFor({ timeout: 15_000 });
    await creator.getByTestId('stream-chat').getByTestId('chat-tip').first().waitFor({ timeout: 15_000 });
    await creator
      .getByTestId('tips-received')
      .getByText(/Jamie Fan/)
      .waitFor();
    await expect.poll(() => balanceOf(fan)).toBeCloseTo(start - tip, 2);
    await sweep(fan, 'watch');
    await expectAxeClean(fan, 'watch page');
    // The browser broadcast is still running (the server acknowledges every chunk).
    expect(await creator.getByText('The broadcast stopped').count()).toBe(0);
    await sweep(creator, 'studio-live');

    step('6. private request');
    // 6. The fan requests a private show; the creator accepts; both land on the show.
    await fan.getByTestId('request-private').click();
    await fan
      .getByTestId('private-price')
      .getByText(`${price.toFixed(2)} tokens per started minute`)
      .waitFor();
    await fan.getByTestId('send-private-request').click();
    await fan.getByTestId('private-request-sent').waitFor();
    const request = creator.getByTestId('private-request').filter({ hasText: 'Jamie Fan' });
    await request.waitFor({ timeout: 15_000 });
    await request.getByTestId('accept-request').click();
    await Promise.all([
      creator.waitForURL(/\/private\/[0-9a-f-]{36}$/),
      fan.waitForURL(/\/private\/[0-9a-f-]{36}$/, { timeout: 15_000 }),
    ]);
    expect(new URL(fan.url()).pathname).toBe(new URL(creator.url()).pathname);
    // The low-balance warning is shown only between the last paid minute and the end of the show
    // (one test minute): watch for it from now on, while the steps below run, instead of after them.
    const warned = fan
      .getByTestId('low-balance-warning')
      .waitFor({ timeout: MINUTE_SECONDS * 8_000 })
      .then(
        () => 'shown',
        (err: Error) => err.message,
      );

    step('7. private show running');
    // 7. Both videos flow over WebRTC; the first minute is charged at the start.
    for (const p of [fan, creator]) {
      await expect
        .poll(() => p.getByTestId('remote-video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
        .toBeGreaterThan(0);
    }
    const cost = (p: Page) => p.getByTestId('private-cost').evaluate((el) => Number(el.textContent));
    await expect.poll(() => cost(fan), { timeout: 10_000 }).toBeGreaterThanOrEqual(price);
    await expect.poll(() => cost(creator)).toBeGreaterThanOrEqual(price);
    await sweep(fan, 'private-show');

    step('8. low balance and end');
    // 8. One (test) minute before the money runs out the fan is warned; then the show stops by itself.
    expect(await warned).toBe('shown');
    await fan.getByTestId('private-ended').waitFor({ timeout: MINUTE_SECONDS * 3_000 });
    await fan.getByText('Your balance could not pay the next minute.').waitFor();
    await fan
      .getByTestId('private-summary')
      .getByText(`2 minutes · ${(price * 2).toFixed(2)} tokens`)
      .waitFor();
    await creator.getByTestId('private-ended').waitFor({ timeout: 10_000 });
    expect(await balanceOf(fan)).toBeCloseTo(start - tip - 2 * price, 2);
    await sweep(fan, 'private-ended');
    await expectAxeClean(fan, 'private show ended');

    // The built-in provider never downloads the Agora SDK.
    expect(requested.filter((u) => /agora/i.test(u))).toEqual([]);

    step('9. end stream');
    // 9. The creator ends the stream; the studio is ready for the next one.
    await creator.goto('/creator/live');
    await creator.getByTestId('end-stream').click();
    await creator.getByTestId('confirm-end-stream').click();
    await creator.getByText('Your stream has ended').first().waitFor();
    await creator.getByTestId('go-live-form').waitFor();
    step('done');
  }, 240_000);

  it('a creator streams from OBS over RTMP (the npm-shipped ffmpeg pushes); a fan finds the stream and frames arrive', async () => {
    t0 = Date.now();
    const creator = await open({ viewport: VIEWPORTS.desktop, theme: 'light' });
    const fan = await open({ viewport: VIEWPORTS.desktop, theme: 'light' });
    await Promise.all([logIn(creator, 'kai'), logIn(fan, 'alex')]);
    const { rtmpUrl, streamKey } = await apiGet<{ rtmpUrl: string; streamKey: string }>(creator, '/streaming/settings');
    expect(rtmpUrl).toMatch(/^rtmp:\/\/[^/]+:\d+\/live$/);

    step('OBS push');
    const obs = pushRtmp(rtmpUrl, streamKey);
    let pushLog = '';
    obs.stderr?.on('data', (d) => (pushLog += d));
    try {
      // Publishing with the key starts the stream; fans find it on the live-now page and watch.
      const kaiLive = async () => {
        const live = await apiGet<{ data: Array<{ performer?: { username?: string } }> }>(
          fan,
          '/streaming/user/search',
        );
        return live.data.some((s) => s.performer?.username === 'kai');
      };
      await expect.poll(kaiLive, { timeout: 60_000, interval: 1_000, message: pushLog }).toBe(true);
      await fan.goto('/live');
      const card = fan.getByTestId('stream-card').filter({ hasText: /Kai/ });
      await card.waitFor();
      await card.click();
      await fan.getByTestId('watch-page').waitFor();
      await expect
        .poll(() => videoTime(fan, 'live-player'), { timeout: 40_000, interval: 500, message: pushLog })
        .toBeGreaterThan(0.5);
      const t1 = await videoTime(fan, 'live-player');
      await fan.waitForTimeout(2_000);
      expect(await videoTime(fan, 'live-player')).toBeGreaterThan(t1 + 0.5);
      step('OBS frames arrive');
    } finally {
      obs.kill('SIGKILL');
    }
  }, 120_000);
});
