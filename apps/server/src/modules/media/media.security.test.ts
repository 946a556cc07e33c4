import { describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildMedia } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { addDays, now, setClockOffset } from '../../lib/clock';
import { accessMap } from '../entitlements/entitlements.service';
import { presentMedia } from './media.service';

const t = useTestApp();

function tamper(url: string, fn: (u: URL) => void) {
  const u = new URL(url, 'http://x');
  fn(u);
  return `${u.pathname}${u.search}`;
}

describe('protected delivery', () => {
  it('without entitlement a fan gets only the blurred preview (and teaser), never the media or full thumbnails', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const subscriber = await buildUser(app);
    await buildSubscriptionEntitlement(app, subscriber.user.id, creator.user.id, addDays(now(), 30));
    const photo = await buildMedia(app, creator.user.id, { kind: 'photo' });
    const video = await buildMedia(app, creator.user.id, { kind: 'video' });
    const item = {
      objectType: 'feed',
      objectId: photo.id,
      creatorId: creator.user.id,
      visibility: 'subscribers' as const,
    };

    for (const viewer of [fan, subscriber]) {
      const access = (await accessMap(app.ctx.db, { id: viewer.user.id, role: viewer.user.role }, [item])).get(
        photo.id,
      )!;
      const p = presentMedia(app.ctx, photo, { unlocked: access.canView, viewerId: viewer.user.id });
      const v = presentMedia(app.ctx, video, { unlocked: access.canView, viewerId: viewer.user.id });
      if (viewer === fan) {
        expect(Object.keys(p).sort()).toEqual([
          '_id',
          'blurredUrl',
          'height',
          'mimeType',
          'size',
          'status',
          'thumbnails',
          'type',
          'width',
        ]);
        expect(p.thumbnails).toEqual([]);
        expect(v.url).toBeUndefined();
        expect(v.posterUrl).toBeUndefined();
        expect(v.hlsUrl).toBeUndefined();
        expect(v.thumbnail).toBeUndefined();
        expect(v.thumbnails).toEqual([]);
        expect(v.blurredUrl).toMatch(/\/blur\?/);
        // The blurred preview really is served
        expect((await app.inject({ method: 'GET', url: p.blurredUrl!, headers: viewer.auth })).statusCode).toBe(200);
      } else {
        expect(p.url).toMatch(/\/full\?/);
        expect(p.thumbnails).toHaveLength(3);
        expect(v.url).toMatch(/\/mp4\?/);
        expect(v.posterUrl).toBeDefined();
      }
    }
    // The owner always sees their own media, even when the caller passes unlocked: false.
    expect(presentMedia(app.ctx, photo, { unlocked: false, viewerId: creator.user.id }).url).toBeDefined();
    // A locked post presented for nobody: nothing but the blur.
    expect(presentMedia(app.ctx, photo, { unlocked: false, viewerId: null }).url).toBeUndefined();
  });

  it('tampered signatures, swapped variants or ids, and expired links get 403', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const photo = await buildMedia(app, creator.user.id, { kind: 'photo' });
    const other = await buildMedia(app, creator.user.id, { kind: 'photo' });
    const p = presentMedia(app.ctx, photo, { unlocked: false, viewerId: null });
    const blur = p.blurredUrl!;
    expect((await app.inject({ method: 'GET', url: blur })).statusCode).toBe(200);

    const cases = [
      tamper(blur, (u) => u.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}xx`)),
      blur.replace('/blur?', '/full?'), // a blur link does not open the full photo
      blur.replace(photo.id, other.id), // nor another file
      tamper(blur, (u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600))),
      tamper(blur, (u) => u.searchParams.set('exp', '0')), // "never expires" is for public media only
      tamper(blur, (u) => u.searchParams.set('v', creator.user.id)),
    ];
    for (const url of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This link is not valid');
    }
    const full = presentMedia(app.ctx, photo, { unlocked: true, viewerId: null }).url!;
    setClockOffset(2 * 3600 * 1000);
    const expired = await app.inject({ method: 'GET', url: full });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('Range requests answer 206 with the exact bytes; bad ranges 416', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const video = await buildMedia(app, creator.user.id, { kind: 'video' });
    const url = presentMedia(app.ctx, video, { unlocked: true, viewerId: creator.user.id }).url!;
    const headers = creator.auth;
    const whole = await app.inject({ method: 'GET', url, headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const size = whole.rawPayload.length;
    expect(Number(whole.headers['content-length'])).toBe(size);

    const part = await app.inject({ method: 'GET', url, headers: { ...headers, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    const open = await app.inject({ method: 'GET', url, headers: { ...headers, range: `bytes=${size - 10}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const suffix = await app.inject({ method: 'GET', url, headers: { ...headers, range: 'bytes=-5' } });
    expect(suffix.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);

    const bad = await app.inject({ method: 'GET', url, headers: { ...headers, range: `bytes=${size + 10}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('public media (avatars, covers) get non-expiring links and long public caching; protected never shared caching', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const avatar = await buildMedia(app, creator.user.id, { kind: 'photo', visibility: 'public' });
    const p = presentMedia(app.ctx, avatar, { unlocked: true, viewerId: null });
    expect(p.url).toMatch(/exp=0&/);
    const res = await app.inject({ method: 'GET', url: p.url! });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    setClockOffset(400 * 86_400_000);
    expect((await app.inject({ method: 'GET', url: p.url! })).statusCode).toBe(200);
  });

  it('documents download as attachments, never rendered inline', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const doc = await buildMedia(app, creator.user.id, { kind: 'document' });
    const res = await app.inject({
      method: 'GET',
      url: presentMedia(app.ctx, doc, { unlocked: true, viewerId: creator.user.id }).url!,
      headers: creator.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a deleted file is gone from storage and its links answer 404', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const photo = await buildMedia(app, creator.user.id, { kind: 'photo' });
    const url = presentMedia(app.ctx, photo, { unlocked: true, viewerId: null }).url!;
    const { deleteMedia } = await import('./media.service');
    await deleteMedia(app.ctx, photo.id);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
