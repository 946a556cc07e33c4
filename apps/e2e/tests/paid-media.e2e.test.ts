import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn } from '../src/journeys';

// Demo data (apps/server/src/seed): luna sells "Full body HIIT, 30 minutes", a paid video carrying the
// per-viewer mark; jamie (a fan with wallet money) has not bought it; alex is another fan.
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('paid media in the browser (issue 17, item 3)', () => {
  it("a buyer plays the stream marked for them; another fan's browser is refused the buyer's links", async () => {
    const fan = await h.newPage({ ageConfirmed: true });
    const segments: Array<{ url: string; status: number }> = [];
    fan.on('response', (r) => {
      if (r.url().includes('/mark/')) segments.push({ url: r.url(), status: r.status() });
    });
    await logIn(fan, 'jamie');
    await fan.goto('/luna');
    await fan.getByRole('tab', { name: 'Videos' }).click();
    await fan.getByTestId('content-card-video').filter({ hasText: 'Full body HIIT' }).click();
    await fan.waitForURL(/\/video\//);
    const id = new URL(fan.url()).pathname.split('/').pop()!;
    await fan.getByTestId('locked-video').waitFor();

    // Buy it from the wallet (the session token is the `token` cookie the app keeps).
    const token = (await fan.context().cookies()).find((c) => c.name === 'token')!.value;
    const videoId = (
      await (
        await fan.request.get(`/api/performer-assets/videos/${id}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    )._id as string;
    const bought = await fan.request.post(`/api/wallet/charges/video/${videoId}`, {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
      data: {},
    });
    expect(bought.status(), await bought.text()).toBe(200);

    await fan.reload();
    const player = fan.getByTestId('video-player');
    await player.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await h.screenshot(fan, 'paid-media-marked-stream');
    // The player fetched the per-viewer playlist and segments with the page's cookie, nothing else.
    const seg = segments.find((s) => /\/mark\/seg_\d+\.ts\?/.test(s.url));
    expect(seg?.status).toBe(200);
    expect(segments.every((s) => s.status === 200)).toBe(true);

    // The same link in another fan's browser: 403.
    const other = await h.newPage({ ageConfirmed: true });
    await logIn(other, 'alex');
    const stolen = await other.request.get(seg!.url);
    expect(stolen.status()).toBe(403);
    // And with no session at all.
    const anonymous = await h.newPage({ ageConfirmed: true });
    expect((await anonymous.request.get(seg!.url)).status()).toBe(403);
  });
});
