import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildContent, multipartAs } from '../../../test/factories.catalogue';
import { makeJpeg } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';

const t = useTestApp();

async function statsOf(app: App, username: string) {
  const res = await app.inject({ method: 'GET', url: `/api/performers/${username}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stats as { posts: number; media: number; likes: number; followers: number };
}

describe('profile stats (computed on read)', () => {
  it('posts, media and likes follow what the creator publishes and what fans like', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const name = creator.user.username!;
    expect(await statsOf(app, name)).toMatchObject({ posts: 0, media: 0, likes: 0 });

    // A post with two photos.
    const jpeg = await makeJpeg(320, 240);
    const up = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds/photo/upload',
      ...multipartAs(creator, [
        { filename: 'a.jpg', content: jpeg },
        { filename: 'b.jpg', content: jpeg },
      ]),
    });
    expect(up.statusCode, up.body).toBe(200);
    const fileIds = up.json().data.map((m: { _id: string }) => m._id);
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.auth,
      payload: { text: 'Two photos', fileIds, visibility: 'free' },
    });
    expect(post.statusCode, post.body).toBe(200);
    const postId = post.json()._id;
    // A text post and a scheduled one (not counted until published).
    await app.inject({ method: 'POST', url: '/api/performer/feeds', headers: creator.auth, payload: { text: 'Hi' } });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.auth,
      payload: { text: 'Tomorrow', scheduledAt: later },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await statsOf(app, name)).toMatchObject({ posts: 2, media: 2, likes: 0 });

    // A gallery with three photos and a video in the catalogue.
    const gallery = await buildContent(app, creator, 'gallery');
    const photos = await app.inject({
      method: 'POST',
      url: `/api/performer/performer-assets/photos/upload?galleryId=${gallery._id}`,
      ...multipartAs(
        creator,
        [0, 1, 2].map((i) => ({ field: 'photo', filename: `g${i}.jpg`, content: jpeg })),
      ),
    });
    expect(photos.statusCode, photos.body).toBe(200);
    const video = await buildContent(app, creator, 'video');
    expect(await statsOf(app, name)).toMatchObject({ posts: 2, media: 6 });

    // Likes on a post, a video and the profile; repeated likes count once; an unlike goes back.
    const like = (objectType: string, objectId: string, who = fan) =>
      app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: who.auth,
        payload: { objectType, objectId, action: 'like' },
      });
    expect((await like('feed', postId)).statusCode).toBe(200);
    await like('feed', postId);
    await like('feed', postId, other);
    expect((await like('video', video._id)).statusCode).toBe(200);
    expect((await like('performer', creator.user.id)).statusCode).toBe(200);
    expect(await statsOf(app, name)).toMatchObject({ likes: 4 });
    await app.inject({
      method: 'DELETE',
      url: '/api/reactions',
      headers: other.auth,
      payload: { objectType: 'feed', objectId: postId, action: 'like' },
    });
    expect(await statsOf(app, name)).toMatchObject({ posts: 2, media: 6, likes: 3 });

    // An admin takedown of the video takes it (and its like) off the profile until restored.
    await app.ctx.db.execute(sql`update content_items set taken_down_at = now() where id = ${video._id}`);
    expect(await statsOf(app, name)).toMatchObject({ posts: 2, media: 5, likes: 2 });
    await app.ctx.db.execute(sql`update content_items set taken_down_at = null where id = ${video._id}`);

    // Deleting the post takes its files and likes off the profile.
    const del = await app.inject({ method: 'DELETE', url: `/api/performer/feeds/${postId}`, headers: creator.auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(await statsOf(app, name)).toMatchObject({ posts: 1, media: 4, likes: 2 });
  });

  it("another creator's content never counts", async () => {
    const { app } = t();
    const a = await buildPerformer(app);
    const b = await buildPerformer(app);
    await buildContent(app, b, 'video');
    await app.inject({ method: 'POST', url: '/api/performer/feeds', headers: b.auth, payload: { text: 'Mine' } });
    expect(await statsOf(app, a.user.username!)).toMatchObject({ posts: 0, media: 0, likes: 0 });
    expect(await statsOf(app, b.user.username!)).toMatchObject({ posts: 1, media: 1 });
  });
});
