import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildFeed, buildStory } from '../../../test/factories.feeds';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import { auditLog, notifications } from '../../db/schema';

const t = useTestApp();

describe('admin takedown flag', () => {
  it('a taken-down video leaves every public query (even its creator’s), cannot be re-activated by the creator, and restore brings it back', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const video = await buildContent(app, creator, 'video', { visibility: 'free', title: 'Beach day' });
    const publicList = async (who: { auth: Record<string, string> }) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/performer-assets/videos/search?performerId=${creator.user.id}`,
          headers: who.auth,
        })
      ).json().total as number;
    const publicGet = (who: { auth: Record<string, string> }) =>
      app.inject({ method: 'GET', url: `/api/performer-assets/videos/${video._id}`, headers: who.auth });
    expect(await publicList(fan)).toBe(1);

    const noReason = await app.inject({
      method: 'POST',
      url: `/api/admin/content/video/${video._id}/takedown`,
      headers: admin.auth,
      payload: { reason: '' },
    });
    expect(expectErrorShape(noReason, 400).message).toMatch(/reason/);
    const down = await app.inject({
      method: 'POST',
      url: `/api/admin/content/video/${video._id}/takedown`,
      headers: admin.auth,
      payload: { reason: 'Copyrighted music' },
    });
    expect(down.json()).toEqual({ _id: video._id, takenDown: true });

    expect(await publicList(fan)).toBe(0);
    expect((await publicGet(fan)).statusCode).toBe(404);
    expect(await publicList(creator)).toBe(0);
    expect((await publicGet(creator)).statusCode).toBe(404);
    expect((await publicGet(admin)).statusCode).toBe(200);
    // the creator's studio shows it, flagged, with the reason; the status toggle does not bring it back
    const own = await app.inject({
      method: 'GET',
      url: `/api/performer/performer-assets/videos/${video._id}/view`,
      headers: creator.auth,
    });
    expect(own.json()).toMatchObject({ status: 'active', takenDown: true, takedownReason: 'Copyrighted music' });
    for (const status of ['inactive', 'active']) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/performer/performer-assets/videos/edit/${video._id}`,
        headers: creator.auth,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await publicList(fan)).toBe(0);

    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'moderation')));
    // the statement of reasons (modules/decisions): facts, ground, how to appeal
    expect(told[0].title).toBe('Your content “Beach day” was taken down');
    expect(told[0].body).toMatch(/^Reason: Copyrighted music\. Ground: .*You can appeal until/);

    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/content?type=video&moderation=taken_down',
      headers: admin.auth,
    });
    expect(listed.json()).toMatchObject({
      total: 1,
      data: [{ _id: video._id, takenDown: true, takedownReason: 'Copyrighted music', status: 'active' }],
    });

    await app.inject({
      method: 'POST',
      url: `/api/admin/content/video/${video._id}/restore`,
      headers: admin.auth,
      payload: {},
    });
    expect(await publicList(fan)).toBe(1);
    expect((await publicGet(fan)).statusCode).toBe(200);
    const actions = (await app.ctx.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(['content.restore', 'content.takedown']);
  });

  it('stories, comments and gallery photos carry the same flag', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const takedown = (type: string, id: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/content/${type}/${id}/takedown`,
        headers: admin.auth,
        payload: { reason: 'Against the rules' },
      });

    // story
    const story = await buildStory(app, creator.user.id, { text: 'Hello fans' });
    const stories = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/stories/users?performerId=${creator.user.id}`,
          headers: fan.auth,
        })
      ).json().stories as unknown[];
    expect(await stories()).toHaveLength(1);
    expect((await takedown('story', story.id)).statusCode).toBe(200);
    expect(await stories()).toHaveLength(0);
    expect(
      (await app.inject({ method: 'GET', url: `/api/stories/users/${story.id}`, headers: fan.auth })).statusCode,
    ).toBe(404);

    // comment (its author is told)
    const post = await buildFeed(app, creator.user.id, { text: 'A free post', visibility: 'free' } as never);
    const commented = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: fan.auth,
      payload: { objectType: 'feed', objectId: post.id, text: 'Rude words' },
    });
    expect(commented.statusCode, commented.body).toBe(200);
    const list = async () =>
      (await app.inject({ method: 'GET', url: `/api/comments?objectType=feed&objectId=${post.id}` })).json()
        .total as number;
    expect(await list()).toBe(1);
    expect((await takedown('comment', commented.json()._id)).statusCode).toBe(200);
    expect(await list()).toBe(0);
    const fanNotices = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.user.id), eq(notifications.kind, 'moderation')));
    expect(fanNotices).toHaveLength(1);

    // gallery: taking the gallery down hides its photos list from fans
    const gallery = await buildContent(app, creator, 'gallery', { visibility: 'free' });
    expect((await takedown('gallery', gallery._id)).statusCode).toBe(200);
    const photos = await app.inject({
      method: 'GET',
      url: `/api/performer-assets/photos?galleryId=${gallery._id}`,
      headers: fan.auth,
    });
    expect(photos.statusCode).toBe(404);

    const unknown = await takedown('photo', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});
