import type { ContentItem, ContentType } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildContent, mediaFor } from '../../../test/factories.catalogue';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape, expectForbiddenFor, expectRequiresAuth } from '../../../test/route-checks';
import { addDays, now, setClockOffset } from '../../lib/clock';
import { grant, grantRent } from '../entitlements/entitlements.service';

const t = useTestApp();

/** Every catalogue type's paths: one contract, run over all of them. */
interface TypeCase {
  type: ContentType;
  own: {
    create: string;
    search: string;
    view: (id: string) => string;
    update: (id: string) => string;
    remove: (id: string) => string;
  };
  pub: { search: string; get: (id: string) => string };
  /** The paid visibility this type supports (reels have no sale). */
  locked: 'sale' | 'subscribers';
  /** Where an unlocked viewer finds a media URL. */
  mediaUrl: (item: ContentItem) => string | undefined;
}

const assets = '/api/performer/performer-assets';
const CASES: TypeCase[] = [
  {
    type: 'gallery',
    own: {
      create: `${assets}/galleries`,
      search: `${assets}/galleries/search`,
      view: (id) => `${assets}/galleries/${id}/view`,
      update: (id) => `${assets}/galleries/${id}`,
      remove: (id) => `${assets}/galleries/${id}`,
    },
    pub: { search: '/api/performer-assets/galleries/search', get: (id) => `/api/performer-assets/galleries/${id}` },
    locked: 'sale',
    mediaUrl: () => undefined,
  },
  {
    type: 'video',
    own: {
      create: `${assets}/videos/upload`,
      search: `${assets}/videos/search`,
      view: (id) => `${assets}/videos/${id}/view`,
      update: (id) => `${assets}/videos/edit/${id}`,
      remove: (id) => `${assets}/videos/${id}`,
    },
    pub: { search: '/api/performer-assets/videos/search', get: (id) => `/api/performer-assets/videos/${id}` },
    locked: 'sale',
    mediaUrl: (i) => i.video?.url,
  },
  {
    type: 'reel',
    own: {
      create: '/api/performer-assets/performer/reels/upload',
      search: '/api/performer-assets/performer/reels/search',
      view: (id) => `/api/performer-assets/performer/reels/${id}/view`,
      update: (id) => `/api/performer-assets/performer/reels/edit/${id}`,
      remove: (id) => `/api/performer-assets/performer/reels/${id}`,
    },
    pub: {
      search: '/api/performer-assets/user/reels/search',
      get: (id) => `/api/performer-assets/performer/reels/${id}`,
    },
    locked: 'subscribers',
    mediaUrl: (i) => i.video?.url,
  },
  ...(['scene', 'scenario'] as const).map(
    (type): TypeCase => ({
      type,
      own: {
        create: `/api/performer/${type}`,
        search: `/api/performer/${type}`,
        view: (id) => `/api/performer/${type}/${id}`,
        update: (id) => `/api/performer/${type}/${id}`,
        remove: (id) => `/api/performer/${type}/${id}`,
      },
      pub: { search: `/api/user/${type}/search`, get: (id) => `/api/user/${type}/${id}` },
      locked: 'sale',
      mediaUrl: (i) => i.video?.url,
    }),
  ),
  {
    type: 'product',
    own: {
      create: `${assets}/products`,
      search: `${assets}/products/search`,
      view: (id) => `${assets}/products/${id}/view`,
      update: (id) => `${assets}/products/${id}`,
      remove: (id) => `${assets}/products/${id}`,
    },
    pub: { search: '/api/performer-assets/products/search', get: (id) => `/api/performer-assets/products/${id}` },
    locked: 'sale',
    // a product's media is its file, only through the download link
    mediaUrl: (i) => i.file?.url,
  },
];

const lockedBody = (c: TypeCase) =>
  c.locked === 'sale' ? { visibility: 'sale', price: 4.99 } : { visibility: 'subscribers' };

describe.each(CASES)('catalogue contract: $type', (c) => {
  it('a creator creates, lists, filters, updates and deletes; fans see it once published', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const media = await mediaFor(app, creator.user.id, c.type);
    const create = await app.inject({
      method: 'POST',
      url: c.own.create,
      headers: creator.auth,
      payload: {
        title: 'Sunset session',
        description: 'Golden hour',
        tags: 'Beach, summer',
        status: 'draft',
        ...lockedBody(c),
        ...media,
        ...(c.type === 'product' ? { productType: 'digital' } : {}),
      },
    });
    expect(create.statusCode, create.body).toBe(200);
    const item = create.json<ContentItem>();
    expect(item).toMatchObject({
      type: c.type,
      title: 'Sunset session',
      status: 'draft',
      tags: ['beach', 'summer'],
      performerId: creator.user.id,
    });
    expect(item.slug).toMatch(/^sunset-session-/);

    // the studio lists drafts; fans do not see them
    const own = await app.inject({ url: `${c.own.search}?status=draft`, headers: creator.auth });
    expect(own.json().data.map((i: ContentItem) => i._id)).toEqual([item._id]);
    expect((await app.inject({ url: c.pub.search })).json()).toEqual({ data: [], total: 0 });
    expect((await app.inject({ url: c.pub.get(item._id) })).statusCode).toBe(404);

    // publish, then filter
    const upd = await app.inject({
      method: 'PUT',
      url: c.own.update(item._id),
      headers: creator.auth,
      payload: { status: 'active', title: 'Sunset session II' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ status: 'active', title: 'Sunset session II' });
    expect(upd.json().publishedAt).not.toBeNull();
    await buildContent(app, creator, c.type, { title: 'Other thing', tags: ['winter'] });
    const byTag = await app.inject({ url: `${c.pub.search}?tag=summer&performerId=${creator.user.username}` });
    expect(byTag.json().data.map((i: ContentItem) => i._id)).toEqual([item._id]);
    expect(byTag.json().total).toBe(1);
    const byText = await app.inject({ url: `${c.pub.search}?q=sunset` });
    expect(byText.json().data.map((i: ContentItem) => i._id)).toEqual([item._id]);
    const sorted = await app.inject({ url: `${c.pub.search}?sortBy=title&sort=asc` });
    expect(sorted.json().data.map((i: ContentItem) => i.title)).toEqual(['Other thing', 'Sunset session II']);

    // one view counted per public open (not the creator's own)
    const fan = await buildUser(app);
    const opened = await app.inject({ url: c.pub.get(item._id), headers: fan.auth });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().stats.views).toBe(1);
    expect((await app.inject({ url: c.pub.get(item.slug) })).json()._id).toBe(item._id);

    const del = await app.inject({ method: 'DELETE', url: c.own.remove(item._id), headers: creator.auth });
    expect(del.json()).toEqual({ success: true });
    expect((await app.inject({ url: c.own.view(item._id), headers: creator.auth })).statusCode).toBe(404);
    expect((await app.inject({ url: c.pub.get(item._id) })).statusCode).toBe(404);
  });

  it('only its creator manages it: 401 signed out, 403 for fans, 404 for other creators', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const fan = await buildUser(app);
    const item = await buildContent(app, creator, c.type);
    await expectRequiresAuth(app, 'POST', c.own.create, { title: 'x' });
    await expectRequiresAuth(app, 'GET', c.own.search);
    expectErrorShape(
      await app.inject({ method: 'POST', url: c.own.create, headers: fan.auth, payload: { title: 'x' } }),
      403,
    );
    await expectForbiddenFor(app, other, 'GET', c.own.view(item._id), undefined, [404]);
    await expectForbiddenFor(app, other, 'PUT', c.own.update(item._id), { title: 'Mine now' }, [404]);
    await expectForbiddenFor(app, other, 'DELETE', c.own.remove(item._id), undefined, [404]);
    expect((await app.inject({ url: c.own.search, headers: other.auth })).json().total).toBe(0);
    // another creator's media cannot be attached
    const stolen = await mediaFor(app, other.user.id, c.type);
    if (Object.keys(stolen).length) {
      const res = await app.inject({
        method: 'PUT',
        url: c.own.update(item._id),
        headers: creator.auth,
        payload: stolen,
      });
      expect(expectErrorShape(res, 400).code).toBe('MEDIA_NOT_FOUND');
    }
  });

  it('locked items show previews only, never a media URL, until the fan has access', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const item = await buildContent(app, creator, c.type, lockedBody(c) as never);
    for (const viewer of [undefined, fan.auth]) {
      const res = await app.inject({ url: c.pub.get(item._id), headers: viewer });
      const seen = res.json<ContentItem>();
      expect(seen.unlocked).toBe(false);
      expect(c.mediaUrl(seen)).toBeUndefined();
      // previews (a poster, store images, the teaser) are fine; the media itself never
      expect(JSON.stringify({ video: seen.video, file: seen.file })).not.toMatch(/\/(mp4|full|original|hls)[?./]/);
      expect(seen.video?.url ?? seen.video?.hlsUrl ?? seen.file?.url).toBeUndefined();
      if (seen.video) expect(seen.video.blurredUrl ?? seen.video.teaserUrl).toBeTruthy();
      const listed = (await app.inject({ url: c.pub.search, headers: viewer })).json().data[0] as ContentItem;
      expect(listed.unlocked).toBe(false);
      expect(c.mediaUrl(listed)).toBeUndefined();
    }
    // the creator always sees everything
    const mine = (await app.inject({ url: c.own.view(item._id), headers: creator.auth })).json<ContentItem>();
    expect(mine.unlocked).toBe(true);

    if (c.locked === 'sale') {
      await grant(app.ctx.db, {
        userId: fan.user.id,
        objectType: c.type,
        objectId: item._id,
        creatorId: creator.user.id,
        source: 'purchase',
        expiresAt: null,
      });
    } else {
      await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, addDays(now(), 30));
    }
    const after = (await app.inject({ url: c.pub.get(item._id), headers: fan.auth })).json<ContentItem>();
    expect(after.unlocked).toBe(true);
    if (c.type === 'video' || c.type === 'reel' || c.type === 'scene' || c.type === 'scenario')
      expect(after.video?.url).toMatch(/^\/api\/media\/file\//);
    if (c.type === 'product') {
      // the item itself never carries the file; the signed link does
      expect(after.file?.url).toBeUndefined();
      const link = await app.inject({
        url: `/api/performer-assets/products/${item._id}/download-link`,
        headers: fan.auth,
      });
      expect(link.statusCode, link.body).toBe(200);
      expect(link.json().downloadLink).toMatch(/sig=/);
    }
  });

  if (c.locked === 'sale') {
    it('for sale needs a price above zero within the limits', async () => {
      const { app } = t();
      const creator = await buildPerformer(app);
      const media = await mediaFor(app, creator.user.id, c.type);
      for (const price of [0, 0.1, 20000]) {
        const res = await app.inject({
          method: 'POST',
          url: c.own.create,
          headers: creator.auth,
          payload: { title: 'Priced', visibility: 'sale', price, ...media },
        });
        expect(expectErrorShape(res, 400).message).toMatch(/price/i);
      }
      const missing = await app.inject({
        method: 'POST',
        url: c.own.create,
        headers: creator.auth,
        payload: { title: 'Priced', isSale: true, ...media },
      });
      expect(expectErrorShape(missing, 400).code).toBe('PRICE_REQUIRED');
      const ok = await app.inject({
        method: 'POST',
        url: c.own.create,
        headers: creator.auth,
        payload: { title: 'Priced', isSale: 'true', price: '12.5', ...media },
      });
      expect(ok.json()).toMatchObject({ visibility: 'sale', isSale: true, price: 12.5 });
    });
  }
});

describe('catalogue rules per type', () => {
  it('reels cannot be sold; videos need a video file to publish', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const reel = await app.inject({
      method: 'POST',
      url: '/api/performer-assets/performer/reels/upload',
      headers: creator.auth,
      payload: { title: 'r', visibility: 'sale', price: 3 },
    });
    expect(expectErrorShape(reel, 400).code).toBe('INVALID_VISIBILITY');
    const video = await app.inject({
      method: 'POST',
      url: `${assets}/videos/upload`,
      headers: creator.auth,
      payload: { title: 'v', status: 'active' },
    });
    expect(expectErrorShape(video, 400).code).toBe('MEDIA_REQUIRED');
  });

  it('a rent ends access at its expiry; a purchase does not', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const renter = await buildUser(app);
    const scene = await buildContent(app, creator, 'scene', {
      visibility: 'sale',
      price: 20,
      rentPrice: 5,
      rentDays: 2,
    });
    expect(scene).toMatchObject({ rentPrice: 5, rentDays: 2 });
    await grantRent(app.ctx.db, {
      userId: renter.user.id,
      objectType: 'scene',
      objectId: scene._id,
      creatorId: creator.user.id,
      days: scene.rentDays!,
    });
    const during = (
      await app.inject({ url: `/api/user/scene/${scene._id}`, headers: renter.auth })
    ).json<ContentItem>();
    expect(during.unlocked).toBe(true);
    expect(during.accessExpiresAt).not.toBeNull();
    expect(during.video?.url).toBeTruthy();
    setClockOffset(2 * 86_400_000 + 60_000);
    const after = (await app.inject({ url: `/api/user/scene/${scene._id}`, headers: renter.auth })).json<ContentItem>();
    expect(after.unlocked).toBe(false);
    expect(after.video?.url).toBeUndefined();
  });

  it('rent needs a sale item and a period; only scenes and scenarios rent', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const media = await mediaFor(app, creator.user.id, 'scenario');
    const noDays = await app.inject({
      method: 'POST',
      url: '/api/performer/scenario',
      headers: creator.auth,
      payload: { title: 's', visibility: 'sale', price: 9, rentPrice: 3, ...media },
    });
    expect(expectErrorShape(noDays, 400).code).toBe('RENT_DAYS_REQUIRED');
    const notSale = await app.inject({
      method: 'POST',
      url: '/api/performer/scenario',
      headers: creator.auth,
      payload: { title: 's', visibility: 'subscribers', rentPrice: 3, rentDays: 2, ...media },
    });
    expect(expectErrorShape(notSale, 400).code).toBe('RENT_NOT_FOR_SALE');
    const vmedia = await mediaFor(app, creator.user.id, 'video');
    const video = await app.inject({
      method: 'POST',
      url: `${assets}/videos/upload`,
      headers: creator.auth,
      payload: { title: 'v', visibility: 'sale', price: 9, rentPrice: 3, rentDays: 2, ...vmedia },
    });
    expect(expectErrorShape(video, 400).code).toBe('NOT_RENTABLE');
  });

  it('physical products need stock; digital products need a file to publish', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const url = `${assets}/products`;
    const noStock = await app.inject({
      method: 'POST',
      url,
      headers: creator.auth,
      payload: { title: 'Mug', price: 15, productType: 'physical' },
    });
    expect(expectErrorShape(noStock, 400).code).toBe('STOCK_REQUIRED');
    const mug = await app.inject({
      method: 'POST',
      url,
      headers: creator.auth,
      payload: { title: 'Mug', price: 15, productType: 'physical', stock: 3, shippingFee: 4.5 },
    });
    expect(mug.json()).toMatchObject({
      productType: 'physical',
      stock: 3,
      shippingFee: 4.5,
      price: 15,
      visibility: 'sale',
    });
    const noFile = await app.inject({
      method: 'POST',
      url,
      headers: creator.auth,
      payload: { title: 'Preset pack', price: 15, productType: 'digital' },
    });
    expect(expectErrorShape(noFile, 400).code).toBe('MEDIA_REQUIRED');
    // physical products have no download
    const fan = await buildUser(app);
    const link = await app.inject({
      url: `/api/performer-assets/products/${mug.json()._id}/download-link`,
      headers: fan.auth,
    });
    expect(expectErrorShape(link, 403).message).toBe('Buy this product to download it');
  });

  it('scheduled items appear when their publish date passes', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    await buildContent(app, creator, 'video', { visibility: 'free', publishedAt: addDays(now(), 1) });
    expect((await app.inject({ url: '/api/performer-assets/videos/search' })).json().total).toBe(0);
    setClockOffset(86_400_000 + 1000);
    expect((await app.inject({ url: '/api/performer-assets/videos/search' })).json().total).toBe(1);
  });

  it('removing the video of a published video sends it back to draft', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const video = await buildContent(app, creator, 'video', { visibility: 'free' });
    const res = await app.inject({
      method: 'DELETE',
      url: `${assets}/videos/remove-file/${video._id}`,
      headers: creator.auth,
      payload: { type: 'video' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', video: null });
    expect(res.json().teaser).not.toBeNull();
  });
});
