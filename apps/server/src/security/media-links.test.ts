import type { ContentItem } from '@marquee/shared';
import { TOKEN_COOKIE } from '@marquee/shared/constants';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../test/factories';
import { buildContent } from '../../test/factories.catalogue';
import { fundWallet } from '../../test/factories.money';
import { useTestApp } from '../../test/harness';
import { PRESIGN_TTL_SECONDS } from '../modules/media/media.files';

const t = useTestApp();

/** What <img> and <video> send: the `token` cookie, no Authorization header. */
const cookieOf = (a: Actor) => ({ cookies: { [TOKEN_COOKIE]: a.token } });

/**
 * Issue 17, item 3: a paid media URL works only for the viewer it was issued to. The links are
 * signed over the viewer id; the file route checks the requester's session (bearer or the
 * `token` cookie) against it.
 */
describe('paid media links are bound to the buyer’s session', () => {
  it('the buyer gets the paid photo and video; another fan, another creator, an admin or nobody with the same URL get 403', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const buyer = await buildUser(app);
    await fundWallet(app, buyer.user.id, 10_000);
    const video = await buildContent(app, creator, 'video', { visibility: 'sale', price: 5 });
    const gallery = (await buildContent(app, creator, 'gallery', { visibility: 'sale', price: 5 })) as {
      _id: string;
    };
    for (const [type, id] of [
      ['video', video._id],
      ['gallery', gallery._id],
    ] as const) {
      const bought = await app.inject({
        method: 'POST',
        url: `/api/wallet/charges/${type}/${id}`,
        headers: { ...buyer.auth, 'idempotency-key': crypto.randomUUID() },
        payload: {},
      });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    const seen = (
      await app.inject({ url: `/api/performer-assets/videos/${video._id}`, headers: buyer.auth })
    ).json<ContentItem>();
    const videoUrl = seen.video!.url!;
    expect(videoUrl).toContain(`v=${buyer.user.id}`);

    const { buildMedia } = await import('../../test/factories.media');
    const { presentMedia } = await import('../modules/media/media.service');
    const photo = presentMedia(app.ctx, await buildMedia(app, creator.user.id, { kind: 'photo' }), {
      unlocked: true,
      viewerId: buyer.user.id,
    });
    const urls = [videoUrl, seen.video!.posterUrl!, photo.url!, photo.thumbnails[0]!];

    const otherFan = await buildUser(app);
    const otherCreator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    for (const url of urls) {
      // the buyer: through the cookie a browser sends, and through the bearer header of API clients
      expect((await app.inject({ url, ...cookieOf(buyer) })).statusCode, url).toBe(200);
      expect((await app.inject({ url, headers: buyer.auth })).statusCode, url).toBe(200);
      // anyone else holding the URL
      const anonymous = await app.inject({ url });
      expect(anonymous.statusCode, url).toBe(403);
      expect(anonymous.json().code).toBe('MEDIA_OTHER_VIEWER');
      for (const other of [otherFan, otherCreator, admin]) {
        expect((await app.inject({ url, ...cookieOf(other) })).statusCode, url).toBe(403);
        expect((await app.inject({ url, headers: other.auth })).statusCode, url).toBe(403);
      }
      // a forged or revoked cookie is nobody
      expect((await app.inject({ url, cookies: { [TOKEN_COOKIE]: 'not-a-session' } })).statusCode).toBe(403);
    }
    // Range requests of the player keep working for the buyer.
    const part = await app.inject({ url: videoUrl, ...cookieOf(buyer), headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
  });

  it('video links last as long as photo links (the player refreshes them); presigned URLs minutes at most', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const { buildMedia } = await import('../../test/factories.media');
    const { presentMedia } = await import('../modules/media/media.service');
    const video = presentMedia(app.ctx, await buildMedia(app, creator.user.id, { kind: 'video' }), {
      unlocked: true,
      viewerId: creator.user.id,
    });
    const exp = Number(new URL(video.url!, 'http://x').searchParams.get('exp'));
    // 15 minutes, rounded up to the 5-minute step: at most 20 minutes, never the former 4 hours.
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(20 * 60 + 5);
    expect(Math.max(...Object.values(PRESIGN_TTL_SECONDS))).toBeLessThanOrEqual(300);
  });
});
