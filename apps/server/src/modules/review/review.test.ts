import { CONTENT_TYPES } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildFeed, buildFollow, buildStory } from '../../../test/factories.feeds';
import { buildMedia, multipartBody } from '../../../test/factories.media';
import { buildConversation, sendMessage } from '../../../test/factories.messages';
import { useTestApp } from '../../../test/harness';
import { auditLog, contentPhotos, feeds, notifications, reviewItems, users } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { publishDue } from '../feeds/feeds.service';
import { checkQueueAge, effectiveMode, needsReview } from './review.service';

const t = useTestApp();
type App = ReturnType<typeof t>['app'];

async function reviewEverything(app: App) {
  await app.ctx.settings.update({ adultSite: true }, null);
}

async function queueRow(app: App, objectId: string) {
  const [row] = await app.ctx.db.select().from(reviewItems).where(eq(reviewItems.objectId, objectId));
  return row;
}

async function decideApi(app: App, admin: Actor, id: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/admin/review/${id}/decision`, headers: admin.auth, payload: body });
}

const get = (app: App, url: string, who?: Actor) => app.inject({ method: 'GET', url, headers: who?.auth ?? {} });

describe('review before publication: the setting', () => {
  it('is off on a site not marked adult, everything on an adult site, and follows the explicit mode', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    expect(await effectiveMode(app.ctx)).toBe('nothing');
    const post = await buildFeed(app, creator.user.id);
    expect(post.reviewState).toBe('approved');
    expect(await queueRow(app, post.id)).toBeUndefined();

    await reviewEverything(app);
    expect(await effectiveMode(app.ctx)).toBe('everything');
    expect((await buildFeed(app, creator.user.id)).reviewState).toBe('pending');

    await app.ctx.settings.update({ reviewMode: 'nothing' }, null);
    expect((await buildFeed(app, creator.user.id)).reviewState).toBe('approved');
  });

  it('new_or_flagged: creators in their first N days or flagged wait; others publish at once', async () => {
    const { app } = t();
    await app.ctx.settings.update({ reviewMode: 'new_or_flagged', reviewNewCreatorDays: 30 }, null);
    const fresh = await buildPerformer(app);
    const old = await buildPerformer(app);
    await app.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(users.id, old.user.id));
    expect(await needsReview(app.ctx, fresh.user.id)).toBe(true);
    expect(await needsReview(app.ctx, old.user.id)).toBe(false);
    const admin = await buildAdmin(app);
    const flag = await app.inject({
      method: 'PUT',
      url: `/api/admin/review/creators/${old.user.id}/flag`,
      headers: admin.auth,
      payload: { flagged: true, reason: 'reported twice' },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    expect(await needsReview(app.ctx, old.user.id)).toBe(true);
    const [a] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'review.flag'));
    expect(a).toMatchObject({ actorId: admin.user.id, targetId: old.user.id, reason: 'reported twice' });
  });
});

describe('review before publication: posts and the queue', () => {
  it('a pending post reaches no fan; approval publishes it, audited, and tells the creator', async () => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    await buildFollow(app, fan.user.id, creator.user.id);
    const post = await buildFeed(app, creator.user.id, { text: 'Waiting for review' });

    expect((await get(app, `/api/user/feeds/${post.id}`, fan)).statusCode).toBe(404);
    expect((await get(app, `/api/user/feeds/search/${creator.user.username}`, fan)).json().total).toBe(0);
    expect((await get(app, '/api/user/feeds', fan)).json().data).toHaveLength(0);
    // the creator sees it, and its state
    expect((await get(app, `/api/user/feeds/${post.id}`, creator)).statusCode).toBe(200);
    const status = await get(app, `/api/review/status?type=feed&ids=${post.id}`, creator);
    expect(status.json().items).toEqual([expect.objectContaining({ objectId: post.id, state: 'pending' })]);
    // another creator learns nothing about it
    const other = await buildPerformer(app);
    expect((await get(app, `/api/review/status?type=feed&ids=${post.id}`, other)).json().items).toEqual([]);

    const queue = await get(app, '/api/admin/review', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toMatchObject({ total: 1, mode: 'everything' });
    const item = queue.json().data[0];
    expect(item).toMatchObject({ objectType: 'feed', objectId: post.id, state: 'pending', text: 'Waiting for review' });
    expect(item.creator._id).toBe(creator.user.id);

    const ok = await decideApi(app, admin, item._id, { action: 'approve' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().state).toBe('approved');
    expect((await get(app, `/api/user/feeds/${post.id}`, fan)).statusCode).toBe(200);
    expect((await get(app, '/api/user/feeds', fan)).json().data).toHaveLength(1);
    expect((await get(app, `/api/review/status?type=feed&ids=${post.id}`, creator)).json().items).toEqual([]);

    const [a] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'review.approve'));
    expect(a).toMatchObject({ actorId: admin.user.id, targetType: 'feed', targetId: post.id });
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(notes.map((n) => n.title)).toContain('Your post was approved and is published');
    // a decided item cannot be decided again
    expect((await decideApi(app, admin, item._id, { action: 'reject', reason: 'spam' })).statusCode).toBe(409);
    expect((await get(app, '/api/admin/review', admin)).json().total).toBe(0);
  });

  it('a rejection keeps the post hidden and gives the creator the statement of reasons', async () => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const post = await buildFeed(app, creator.user.id);
    const row = await queueRow(app, post.id);
    expect((await decideApi(app, admin, row.id, { action: 'reject' })).statusCode).toBe(400); // a reason is required
    const res = await decideApi(app, admin, row.id, {
      action: 'reject',
      reason: 'no_consent',
      note: 'Add the release',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(app, `/api/user/feeds/${post.id}`, fan)).statusCode).toBe(404);
    const [p] = await app.ctx.db.select().from(feeds).where(eq(feeds.id, post.id));
    expect(p.reviewState).toBe('rejected');
    const status = (await get(app, `/api/review/status?type=feed&ids=${post.id}`, creator)).json();
    expect(status.items[0]).toMatchObject({ state: 'rejected', reasonCode: 'no_consent', note: 'Add the release' });
    const [n] = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(n.title).toBe('Your post was not approved');
    expect(n.body).toContain('the consent of a person depicted is not on record');
    expect(n.body).toContain('Add the release');
    const [a] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'review.reject'));
    expect(a).toMatchObject({ actorId: admin.user.id, targetId: post.id, reason: 'no_consent: Add the release' });
    // a rejection flags the creator for the "new or flagged" mode
    await app.ctx.settings.update({ reviewMode: 'new_or_flagged', reviewNewCreatorDays: 1 }, null);
    await app.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(users.id, creator.user.id));
    expect(await needsReview(app.ctx, creator.user.id)).toBe(true);
  });

  it('escalated items stay hidden, stay in the queue, and can then be approved; history is shown beside them', async () => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const first = await buildFeed(app, creator.user.id);
    await decideApi(app, admin, (await queueRow(app, first.id)).id, { action: 'reject', reason: 'spam' });
    const post = await buildFeed(app, creator.user.id);
    const row = await queueRow(app, post.id);
    const esc = await decideApi(app, admin, row.id, { action: 'escalate', note: 'Ask the owner' });
    expect(esc.json().state).toBe('escalated');
    expect((await get(app, `/api/user/feeds/${post.id}`, fan)).statusCode).toBe(404);
    const escalated = (await get(app, '/api/admin/review?state=escalated', admin)).json();
    expect(escalated.data.map((d: { objectId: string }) => d.objectId)).toEqual([post.id]);
    expect(escalated.data[0].history).toEqual([expect.objectContaining({ state: 'rejected', reasonCode: 'spam' })]);
    expect(escalated.data[0].creator.flagged).toBe(true);
    expect((await get(app, '/api/admin/review?state=pending', admin)).json().total).toBe(0);
    expect((await decideApi(app, admin, row.id, { action: 'escalate' })).statusCode).toBe(409);
    expect((await decideApi(app, admin, row.id, { action: 'approve' })).json().state).toBe('approved');
    expect((await get(app, `/api/user/feeds/${post.id}`, fan)).statusCode).toBe(200);
    const actions = (await app.ctx.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(['review.approve', 'review.escalate', 'review.reject']);
  });

  it('scheduled posts publish at their time only once approved', async () => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const soon = new Date(Date.now() + 60_000);
    const approvedFirst = await buildFeed(app, creator.user.id, { scheduledAt: soon });
    const neverApproved = await buildFeed(app, creator.user.id, { scheduledAt: soon });
    const approvedLate = await buildFeed(app, creator.user.id, { scheduledAt: soon });
    await decideApi(app, admin, (await queueRow(app, approvedFirst.id)).id, { action: 'approve' });
    expect((await get(app, `/api/user/feeds/${approvedFirst.id}`, fan)).statusCode).toBe(404); // not its time yet
    setClockOffset(120_000);
    const published = await publishDue(app.ctx);
    expect(published.map((p) => p.id)).toEqual([approvedFirst.id]);
    expect((await get(app, `/api/user/feeds/${approvedFirst.id}`, fan)).statusCode).toBe(200);
    expect((await get(app, `/api/user/feeds/${neverApproved.id}`, fan)).statusCode).toBe(404);
    // approved after its time: published at the approval
    await decideApi(app, admin, (await queueRow(app, approvedLate.id)).id, { action: 'approve' });
    const [late] = await app.ctx.db.select().from(feeds).where(eq(feeds.id, approvedLate.id));
    expect(late.status).toBe('published');
    expect((await get(app, `/api/user/feeds/${approvedLate.id}`, fan)).statusCode).toBe(200);
  });

  it('the queue age is measured and the admins are alerted once per crossing', async () => {
    const { app } = t();
    await reviewEverything(app);
    await app.ctx.settings.update({ reviewAlertMinutes: 30 }, null);
    const creator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const post = await buildFeed(app, creator.user.id);
    expect(await checkQueueAge(app.ctx)).toBe(false);
    setClockOffset(31 * 60_000);
    const q = (await get(app, '/api/admin/review', admin)).json();
    expect(q.total, JSON.stringify(q)).toBe(1);
    expect(q.oldestAgeSeconds).toBeGreaterThan(30 * 60);
    expect(q.alertAfterSeconds).toBe(1800);
    expect(await checkQueueAge(app.ctx)).toBe(true);
    expect(await checkQueueAge(app.ctx)).toBe(false); // once per crossing
    const alerts = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].title).toMatch(/oldest item has waited 31 minutes/);
    await decideApi(app, admin, (await queueRow(app, post.id)).id, { action: 'approve' });
    expect(await checkQueueAge(app.ctx)).toBe(false); // caught up: re-armed
    const q2 = (await get(app, '/api/admin/review', admin)).json();
    expect(q2).toMatchObject({ total: 0, oldestAgeSeconds: 0 });
    expect(q2.medianSeconds).toBeGreaterThanOrEqual(31 * 60);
  });

  it('only admins reach the queue', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    expect((await get(app, '/api/admin/review', creator)).statusCode).toBe(403);
    expect((await get(app, '/api/admin/review')).statusCode).toBe(401);
  });
});

describe('review before publication: every publishing path waits', () => {
  it('stories', async () => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const story = await buildStory(app, creator.user.id, { isHighlight: true });
    expect(story.reviewState).toBe('pending');
    const list = () => get(app, `/api/stories/users?performerId=${creator.user.id}`, fan);
    expect((await list()).json().stories).toHaveLength(0);
    expect((await get(app, `/api/stories/users/${story.id}`, fan)).statusCode).toBe(404);
    await decideApi(app, admin, (await queueRow(app, story.id)).id, { action: 'approve' });
    expect((await get(app, `/api/stories/users/${story.id}`, fan)).statusCode).toBe(200);
  });

  it.each(CONTENT_TYPES)('catalogue: %s', async (type) => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const item = await buildContent(app, creator, type);
    const path = { gallery: 'galleries', video: 'videos', reel: 'reels', product: 'products' } as Record<
      string,
      string
    >;
    const url =
      type === 'scene' || type === 'scenario'
        ? `/api/user/${type}/${item._id}`
        : type === 'reel'
          ? `/api/performer-assets/performer/reels/${item._id}`
          : `/api/performer-assets/${path[type]}/${item._id}`;
    expect((await get(app, url, fan)).statusCode).toBe(404);
    expect((await get(app, url, creator)).statusCode).toBe(200);
    const row = await queueRow(app, item._id);
    expect(row).toMatchObject({ objectType: type, state: 'pending' });
    await decideApi(app, admin, row.id, { action: 'approve' });
    expect((await get(app, url, fan)).statusCode).toBe(200);
  });

  it('a photo added to a live gallery waits on its own; photos of a pending gallery go with it', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const gallery = await buildContent(app, creator, 'gallery', { visibility: 'free' });
    await reviewEverything(app);
    const jpeg = (await import('../../../test/factories.media')).makeJpeg;
    const { payload: body, headers } = multipartBody([
      { field: 'photo', filename: 'a.jpg', content: await jpeg(), contentType: 'image/jpeg' },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: `/api/performer/performer-assets/photos/upload?galleryId=${gallery._id}`,
      headers: { ...creator.auth, ...headers },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(200);
    const photoId = up.json().data[0]._id;
    const photos = () => get(app, `/api/performer-assets/photos?galleryId=${gallery._id}`, fan);
    expect((await photos()).json().total).toBe(0);
    await decideApi(app, admin, (await queueRow(app, photoId)).id, { action: 'approve' });
    expect((await photos()).json().total).toBe(1);
    const [p] = await app.ctx.db.select().from(contentPhotos).where(eq(contentPhotos.id, photoId));
    expect(p.reviewState).toBe('approved');
  });

  it('a paid message reaches the fan only once approved; a free one is not held', async () => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const conv = await buildConversation(app, creator.user.id, fan.user.id);
    const photo = await buildMedia(app, creator.user.id);
    const paid = await sendMessage(app, creator, conv.id, { text: 'for you', fileIds: [photo.id], price: 5 });
    await sendMessage(app, creator, conv.id, { text: 'hello' });
    const fanView = async () =>
      (await get(app, `/api/messages/conversations/${conv.id}`, fan)).json().data.map((m: { _id: string }) => m._id);
    expect(await fanView()).not.toContain(paid._id);
    expect(await fanView()).toHaveLength(1);
    const creatorView = (await get(app, `/api/messages/conversations/${conv.id}`, creator)).json().data;
    expect(creatorView.map((m: { _id: string }) => m._id)).toContain(paid._id);
    await decideApi(app, admin, (await queueRow(app, paid._id)).id, { action: 'approve' });
    expect(await fanView()).toContain(paid._id);
  });

  it('a creator’s new avatar replaces the current one only once approved; a rejected one is dropped', async () => {
    const { app } = t();
    await reviewEverything(app);
    const creator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const jpeg = (await import('../../../test/factories.media')).makeJpeg;
    const upload = async () => {
      const { payload: body, headers } = multipartBody([
        { field: 'file', filename: 'me.jpg', content: await jpeg(), contentType: 'image/jpeg' },
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/performers/avatar/upload',
        headers: { ...creator.auth, ...headers },
        payload: body,
      });
    };
    const res = await upload();
    expect(res.statusCode, res.body).toBe(200);
    const avatar = async () =>
      (await app.ctx.db.select({ a: users.avatarPath }).from(users).where(eq(users.id, creator.user.id)))[0].a;
    expect(await avatar()).toBeNull();
    const [row] = await app.ctx.db
      .select()
      .from(reviewItems)
      .where(and(eq(reviewItems.objectType, 'avatar'), eq(reviewItems.objectId, creator.user.id)));
    await decideApi(app, admin, row.id, { action: 'approve' });
    expect(await avatar()).toBe(row.payload.key);
    await upload();
    const [second] = await app.ctx.db
      .select()
      .from(reviewItems)
      .where(and(eq(reviewItems.objectType, 'avatar'), eq(reviewItems.state, 'pending')));
    await decideApi(app, admin, second.id, { action: 'reject', reason: 'prohibited_content' });
    expect(await avatar()).toBe(row.payload.key);
  });
});
