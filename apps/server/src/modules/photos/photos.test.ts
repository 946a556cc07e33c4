import type { ContentItem, Photo } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildContent, multipartAs } from '../../../test/factories.catalogue';
import { makeJpeg } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import { grant } from '../entitlements/entitlements.service';

const t = useTestApp();
const own = '/api/performer/performer-assets/photos';

describe('gallery photos', () => {
  it('uploads many photos at once, sets the cover, reorders, and keeps the count', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const gallery = await buildContent(app, creator, 'gallery', { visibility: 'sale', price: 6 });
    const jpeg = await makeJpeg(640, 480);
    const files = Array.from({ length: 5 }, (_, i) => ({
      field: 'photo',
      filename: `p${i}.jpg`,
      content: jpeg,
      contentType: 'image/jpeg',
    }));
    const up = await app.inject({
      method: 'POST',
      url: `${own}/upload?galleryId=${gallery._id}`,
      ...multipartAs(creator, files),
    });
    expect(up.statusCode, up.body).toBe(200);
    const photos = up.json<{ data: Photo[] }>().data;
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2, 3, 4]);
    expect(photos[0].photo?.url).toBeTruthy();

    let g = (
      await app.inject({ url: `/api/performer/performer-assets/galleries/${gallery._id}/view`, headers: creator.auth })
    ).json<ContentItem>();
    expect(g.numPhotos).toBe(5);
    expect(g.coverPhotoId).toBe(photos[0]._id);

    const cover = await app.inject({ method: 'POST', url: `${own}/set-cover/${photos[3]._id}`, headers: creator.auth });
    expect(cover.json().isCover).toBe(true);
    const reordered = await app.inject({
      method: 'POST',
      url: `${own}/reorder`,
      headers: creator.auth,
      payload: { galleryId: gallery._id, ids: [...photos].reverse().map((p) => p._id) },
    });
    expect(reordered.json().data.map((p: Photo) => p._id)).toEqual([...photos].reverse().map((p) => p._id));

    const del = await app.inject({ method: 'DELETE', url: `${own}/${photos[3]._id}`, headers: creator.auth });
    expect(del.json()).toEqual({ success: true });
    g = (
      await app.inject({ url: `/api/performer/performer-assets/galleries/${gallery._id}/view`, headers: creator.auth })
    ).json<ContentItem>();
    expect(g.numPhotos).toBe(4);
    expect(g.coverPhotoId).not.toBe(photos[3]._id);
  });

  it('fans see locked photos blurred without a URL until they buy the gallery', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const gallery = await buildContent(app, creator, 'gallery', { visibility: 'sale', price: 6 });
    const jpeg = await makeJpeg(640, 480);
    await app.inject({
      method: 'POST',
      url: `${own}/upload`,
      ...multipartAs(creator, [{ field: 'photo', filename: 'a.jpg', content: jpeg }], { galleryId: gallery._id }),
    });
    const locked = (
      await app.inject({ url: `/api/performer-assets/photos?galleryId=${gallery._id}`, headers: fan.auth })
    ).json<{ data: Photo[] }>();
    expect(locked.data).toHaveLength(1);
    expect(locked.data[0].unlocked).toBe(false);
    expect(locked.data[0].photo?.url).toBeUndefined();
    expect(locked.data[0].photo?.blurredUrl).toBeTruthy();
    const card = (
      await app.inject({ url: `/api/performer-assets/galleries/${gallery._id}`, headers: fan.auth })
    ).json<ContentItem>();
    expect(card.thumbnail?.url).toBeUndefined();
    expect(card.thumbnail?.blurredUrl).toBeTruthy();

    await grant(app.ctx.db, {
      userId: fan.user.id,
      objectType: 'gallery',
      objectId: gallery._id,
      creatorId: creator.user.id,
      source: 'purchase',
      expiresAt: null,
    });
    const open = (
      await app.inject({ url: `/api/performer-assets/photos/${creator.user.username}`, headers: fan.auth })
    ).json<{ data: Photo[] }>();
    expect(open.data[0].unlocked).toBe(true);
    expect(open.data[0].photo?.url).toMatch(/^\/api\/media\/file\//);
  });

  it("only the gallery's creator uploads into it", async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const gallery = await buildContent(app, creator, 'gallery');
    const jpeg = await makeJpeg(64, 64);
    const res = await app.inject({
      method: 'POST',
      url: `${own}/upload?galleryId=${gallery._id}`,
      ...multipartAs(other, [{ field: 'photo', filename: 'a.jpg', content: jpeg }]),
    });
    expectErrorShape(res, 404);
    const noGallery = await app.inject({
      method: 'POST',
      url: `${own}/upload`,
      ...multipartAs(creator, [{ field: 'photo', filename: 'a.jpg', content: jpeg }]),
    });
    expect(expectErrorShape(noGallery, 400).code).toBe('GALLERY_REQUIRED');
  });
});
