import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { buildMedia } from '../../../test/factories.media';
import { buildStream } from '../../../test/factories.streaming';
import { useTestApp } from '../../../test/harness';
import { feeds, mailOutbox, moderationDecisions } from '../../db/schema';

// Statements of reasons (DSA Art. 17) of two restrictions besides takedowns, rejections,
// suspensions and holds: a live stream ended by staff, and items hidden by a withdrawal of consent.
const t = useTestApp();
type App = ReturnType<typeof t>['app'];

const post = (app: App, url: string, who: Actor, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload });

async function decisionsOf(app: App, who: Actor) {
  const res = await app.inject({ url: '/api/decisions', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown> & { _id: string }>;
}

describe('statements of reasons on the other restricting paths', () => {
  it('a stream ended from the live monitor: the creator reads why, by mail too, and can appeal; ending again adds none', async () => {
    const { app } = t();
    const mod = await buildUser(app, { staffRole: 'moderator' });
    const creator = await buildPerformer(app);
    const stream = await buildStream(app, creator.user.id, { title: 'Friday night' });
    const end = await post(app, `/api/admin/live-monitor/stream/${stream.id}/end`, mod, {
      reason: 'Nudity in a public stream',
    });
    expect(end.statusCode, end.body).toBe(200);
    const [d] = await decisionsOf(app, creator);
    expect(d).toMatchObject({
      kind: 'removal',
      targetType: 'stream',
      targetId: stream.id,
      title: 'Friday night',
      facts: 'Nudity in a public stream',
      automated: false,
      state: 'in_force',
      canAppeal: true,
    });
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, creator.user.email!));
    expect(mails.find((m) => m.template === 'statement-of-reasons')?.text).toContain('Nudity in a public stream');
    // Ending an ended stream restricts nobody: no second statement.
    await post(app, `/api/admin/live-monitor/stream/${stream.id}/end`, mod, { reason: 'Again, to be sure' });
    expect(await decisionsOf(app, creator)).toHaveLength(1);
    const appeal = await post(app, `/api/decisions/${d._id}/appeal`, creator, { text: 'That was a skin-tone top' });
    expect(appeal.statusCode, appeal.body).toBe(201);
    const [row] = await app.ctx.db.select().from(moderationDecisions).where(eq(moderationDecisions.id, d._id));
    expect(row.decidedById).toBe(mod.user.id);
    // The console's Live streams list ends a stream the same way: one more statement.
    const other = await buildStream(app, creator.user.id, { title: 'Saturday' });
    const put = await app.inject({ method: 'PUT', url: `/api/admin/streams/${other.id}/end`, headers: mod.auth });
    expect(put.statusCode, put.body).toBe(200);
    expect((await decisionsOf(app, creator))[0]).toMatchObject({
      kind: 'removal',
      targetId: other.id,
      title: 'Saturday',
    });
  });

  it('a withdrawal of consent an admin records hides the post with a statement; a reversed appeal does not republish it', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const otherAdmin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const photo = await buildMedia(app, creator.user.id);
    const feed = await buildFeed(app, creator.user.id, { text: 'With Alex', fileIds: [photo.id] });
    const named = await post(app, '/api/releases', creator, {
      subjectType: 'feed',
      subjectId: feed.id,
      title: 'Beach day',
      mediaIds: [photo.id],
      name: 'Alex',
    });
    expect(named.statusCode, named.body).toBe(201);
    const revoked = await post(app, `/api/releases/${named.json()._id}/revoke`, admin, {
      reason: 'Alex asked us by phone',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const [d] = await decisionsOf(app, creator);
    expect(d).toMatchObject({
      kind: 'review_rejection',
      targetType: 'feed',
      targetId: feed.id,
      ground: 'non_consensual',
      automated: false,
      canAppeal: true,
    });
    const [row] = await app.ctx.db.select().from(moderationDecisions).where(eq(moderationDecisions.id, d._id));
    expect(row.decidedById).toBe(admin.user.id);
    const filed = await post(app, `/api/decisions/${d._id}/appeal`, creator, { text: 'Alex is not in this photo' });
    expect(filed.statusCode, filed.body).toBe(201);
    const [appeal] = (await app.inject({ url: '/api/admin/appeals?state=open', headers: otherAdmin.auth })).json().data;
    const reversed = await post(app, `/api/admin/appeals/${appeal._id}/decide`, otherAdmin, {
      outcome: 'reversed',
      reply: 'The decision was wrong',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    // The person's withdrawal stands: the post stays out.
    const [f] = await app.ctx.db
      .select()
      .from(feeds)
      .where(and(eq(feeds.id, feed.id)));
    expect(f.reviewState).toBe('rejected');
    expect((await decisionsOf(app, creator))[0]).toMatchObject({ state: 'reversed' });
  });
});
