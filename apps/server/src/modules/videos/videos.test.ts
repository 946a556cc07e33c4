import type { ContentItem } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildCategory, buildContent, multipartAs } from '../../../test/factories.catalogue';
import { makeClip, makeJpeg } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

describe('uploads into the catalogue', () => {
  it('a video is created in one multipart request with its video, teaser and thumbnail', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const clip = makeClip('mp4');
    const res = await app.inject({
      method: 'POST',
      url: '/api/performer/performer-assets/videos/upload',
      ...multipartAs(
        creator,
        [
          { field: 'video', filename: 'full.mp4', content: clip, contentType: 'video/mp4' },
          { field: 'thumbnail', filename: 'poster.jpg', content: await makeJpeg(320, 180), contentType: 'image/jpeg' },
          { field: 'teaser', filename: 'teaser.mp4', content: clip, contentType: 'video/mp4' },
        ],
        { title: 'Uploaded video', visibility: 'sale', price: '3.5', tags: 'one,two', status: 'active' },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const video = res.json<ContentItem>();
    expect(video).toMatchObject({ title: 'Uploaded video', price: 3.5, tags: ['one', 'two'], status: 'active' });
    expect(video.video?.type).toBe('video');
    expect(video.teaser?.type).toBe('video');
    expect(video.thumbnail?.type).toBe('photo');
    expect(video.video?._id).not.toBe(video.teaser?._id);

    const status = await app.inject({
      url: `/api/performer-assets/videos/${video._id}/file/${video.video!._id}/status`,
      headers: creator.auth,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(['processing', 'ready']).toContain(status.json().status);
    const fan = await buildUser(app);
    expect(
      (
        await app.inject({
          url: `/api/performer-assets/videos/${video._id}/file/${video.video!._id}/status`,
          headers: fan.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('scenes take files through their upload routes, file under categories and list in the sitemap', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const up = await app.inject({
      method: 'POST',
      url: '/api/performer/scene/video/upload',
      ...multipartAs(creator, [
        { field: 'file', filename: 's.mp4', content: makeClip('mp4'), contentType: 'video/mp4' },
      ]),
    });
    expect(up.statusCode, up.body).toBe(200);
    const videoId = up.json().data[0]._id;
    const travel = await buildCategory(app, 'Travel');
    const created = await app.inject({
      method: 'POST',
      url: '/api/performer/scene',
      headers: creator.auth,
      payload: {
        title: 'Night walk',
        videoId,
        visibility: 'sale',
        price: 10,
        rentPrice: 2,
        rentDays: 2,
        categoryId: travel.id,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ category: { name: 'Travel' }, rentPrice: 2, rentDays: 2 });
    await buildContent(app, creator, 'scene', { title: 'Other scene' });

    const cats = await app.inject({ url: '/api/scenario/category/search?q=trav' });
    expect(cats.json()).toMatchObject({ total: 1, data: [{ name: 'Travel', slug: 'travel' }] });
    const byCat = await app.inject({ url: `/api/user/scene/search?categoryId=${travel.id}` });
    expect(byCat.json().data.map((s: ContentItem) => s.title)).toEqual(['Night walk']);
    const map = await app.inject({ url: '/api/user/scene/sitemaps' });
    expect(map.json().total).toBe(2);
    expect(map.json().data[0]).toEqual(
      expect.objectContaining({ slug: expect.any(String), title: expect.any(String) }),
    );
    expect((await app.inject({ url: '/api/user/scenario/sitemaps' })).json().total).toBe(0);
  });
});
