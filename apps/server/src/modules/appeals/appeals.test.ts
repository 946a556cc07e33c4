import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { useTestApp } from '../../../test/harness';
import {
  auditLog,
  decisionAppeals,
  feeds,
  mailOutbox,
  moderationDecisions,
  notifications,
  reviewItems,
  storyViews,
  users,
  walletCharges,
} from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { pruneSensitiveData } from '../privacy/privacy.retention';

// Moderation decisions, statements of reasons, appeals, transparency and retention (issue 27 items 3–6).
const t = useTestApp();
type App = ReturnType<typeof t>['app'];
afterEach(() => setClockOffset(0));

const post = (app: App, url: string, who: Actor, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload });
const get = (app: App, url: string, who?: Actor) => app.inject({ method: 'GET', url, headers: who?.auth ?? {} });

async function decisionsOf(app: App, who: Actor) {
  const res = await get(app, '/api/decisions', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown> & { _id: string }>;
}

async function takeDown(app: App, admin: Actor, feedId: string, ground = 'copyright') {
  const res = await post(app, `/api/admin/content/feed/${feedId}/takedown`, admin, {
    reason: 'Uses a copyrighted song',
    ground,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('statements of reasons (DSA Art. 17)', () => {
  it('a takedown gives the creator the facts, the ground, automated or not and how to appeal: in-app, by mail, on the page', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'Beach day' });
    await takeDown(app, admin, feed.id);
    const [d] = await decisionsOf(app, creator);
    expect(d).toMatchObject({
      kind: 'removal',
      targetType: 'feed',
      targetId: feed.id,
      facts: 'Uses a copyrighted song',
      ground: 'copyright',
      groundBasis: 'law',
      automated: false,
      source: 'own_initiative',
      state: 'in_force',
      canAppeal: true,
    });
    const [note] = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'moderation')));
    expect(note.body).toContain('Uses a copyrighted song');
    expect(note.body).toContain('17 U.S.C. §512');
    expect(note.link).toBe('/account/decisions');
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, creator.user.email!));
    const statement = mails.find((m) => m.template === 'statement-of-reasons');
    expect(statement?.text).toContain('copyright infringement');
    expect(statement?.text).toContain('appeal');
    // restoring lifts it
    await post(app, `/api/admin/content/feed/${feed.id}/restore`, admin);
    expect((await decisionsOf(app, creator))[0].state).toBe('lifted');
  });

  it('a review rejection, a suspension and a report’s takedown each record one; the notifier is told the outcome', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await app.ctx.settings.update({ adultSite: true }, null);
    const pending = await buildFeed(app, creator.user.id);
    const [item] = await app.ctx.db.select().from(reviewItems).where(eq(reviewItems.objectId, pending.id));
    const rejected = await post(app, `/api/admin/review/${item.id}/decision`, admin, {
      action: 'reject',
      reason: 'no_consent',
      note: 'Add the release',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await app.ctx.settings.update({ adultSite: false }, null);

    const live = await buildFeed(app, creator.user.id, { text: 'Reported post' });
    const spare = await buildFeed(app, (await buildPerformer(app)).user.id, { text: 'Fine post' });
    const report = await post(app, '/api/reports', fan, {
      targetType: 'feed',
      targetId: live.id,
      reason: 'illegal',
      description: 'This is not allowed',
    });
    expect(report.statusCode, report.body).toBe(201);
    const resolved = await post(app, `/api/admin/reports/${report.json()._id}/resolve`, admin, {
      action: 'takedown',
      note: 'Prohibited content',
      ground: 'prohibited_content',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    const suspended = await post(app, `/api/admin/users/${creator.user.id}/suspend`, admin, {
      reason: 'Repeated violations',
      ground: 'other_terms',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const rows = await app.ctx.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.userId, creator.user.id));
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, r]));
    expect(byKind.review_rejection).toMatchObject({
      ground: 'non_consensual',
      targetId: pending.id,
      decidedById: admin.user.id,
    });
    expect(byKind.removal).toMatchObject({
      ground: 'prohibited_content',
      source: 'notice',
      noticeType: 'report',
      notifierId: fan.user.id,
    });
    expect(byKind.suspension).toMatchObject({ ground: 'other_terms', facts: 'Repeated violations' });
    const toFan = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, fan.user.id));
    expect(toFan.map((n) => n.title)).toContain(
      'Your report about “Reported post” led to an action: removal of content',
    );
    // a dismissed report tells its author too
    const other = await buildUser(app);
    const r2 = await post(app, '/api/reports', other, {
      targetType: 'feed',
      targetId: spare.id,
      reason: 'spam',
      description: 'Looks like spam',
    });
    await post(app, `/api/admin/reports/${r2.json()._id}/resolve`, admin, { action: 'dismiss' });
    const toOther = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    expect(toOther[0].title).toMatch(/no action was taken/);
  });
});

describe('appeals (DSA Art. 20)', () => {
  it('the creator appeals within six months; the deciding admin may not decide it; another admin reverses and the post is back', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const other = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'Beach day' });
    await takeDown(app, admin, feed.id);
    const [d] = await decisionsOf(app, creator);
    // nobody else can appeal it
    expect(
      (await post(app, `/api/decisions/${d._id}/appeal`, fan, { text: 'This is not mine but still' })).statusCode,
    ).toBe(404);
    const filed = await post(app, `/api/decisions/${d._id}/appeal`, creator, { text: 'The song is licensed to me' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ canAppeal: false, appeal: { state: 'open' } });
    expect((await post(app, `/api/decisions/${d._id}/appeal`, creator, { text: 'Again, licensed' })).json().code).toBe(
      'ALREADY_APPEALED',
    );
    const queue = await get(app, '/api/admin/appeals?state=open', other);
    const [appeal] = queue.json().data;
    expect(appeal).toMatchObject({ decisionBy: admin.user.id, user: { _id: creator.user.id } });

    const same = await post(app, `/api/admin/appeals/${appeal._id}/decide`, admin, {
      outcome: 'reversed',
      reply: 'Fine by me',
    });
    expect(same.statusCode).toBe(403);
    expect(same.json().code).toBe('APPEAL_SAME_MODERATOR');

    const reversed = await post(app, `/api/admin/appeals/${appeal._id}/decide`, other, {
      outcome: 'reversed',
      reply: 'The licence checks out',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const [row] = await app.ctx.db.select().from(feeds).where(eq(feeds.id, feed.id));
    expect(row.takenDownAt).toBeNull();
    expect((await decisionsOf(app, creator))[0]).toMatchObject({ state: 'reversed', appeal: { state: 'reversed' } });
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(told.map((n) => n.title)).toContain(
      'Your appeal was decided: the decision is reversed (removal of content)',
    );
    const audits = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'appeal.reverse'));
    expect(audits[0]).toMatchObject({ actorId: other.user.id, targetId: d._id });
    expect(
      (await post(app, `/api/admin/appeals/${appeal._id}/decide`, other, { outcome: 'upheld', reply: 'No way' })).json()
        .code,
    ).toBe('APPEAL_DECIDED');
  });

  it('a reversed suspension lifts it; an upheld one stays; after six months the window is closed', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const other = await buildAdmin(app);
    const fan = await buildUser(app);
    await post(app, `/api/admin/users/${fan.user.id}/suspend`, admin, { reason: 'Harassing creators' });
    const [d] = await app.ctx.db.select().from(moderationDecisions).where(eq(moderationDecisions.userId, fan.user.id));
    expect(d).toMatchObject({ kind: 'suspension', state: 'in_force' });
    // entered directly: a suspended account's own path, the statement link, is appeals.suspended.test.ts
    await app.ctx.db
      .insert(decisionAppeals)
      .values({ id: randomUUID(), decisionId: d.id, userId: fan.user.id, text: 'Not me' });
    const [appeal] = (await get(app, '/api/admin/appeals?state=open', other)).json().data;
    const res = await post(app, `/api/admin/appeals/${appeal._id}/decide`, other, {
      outcome: 'reversed',
      reply: 'Mistaken identity',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(u.status).toBe('active');
    // the window: a decision older than six months cannot be appealed
    const feedCreator = await buildPerformer(app);
    const feed = await buildFeed(app, feedCreator.user.id);
    await takeDown(app, admin, feed.id);
    const [late] = await decisionsOf(app, feedCreator);
    await app.ctx.db
      .update(moderationDecisions)
      .set({ createdAt: new Date(Date.now() - 184 * 86_400_000) })
      .where(eq(moderationDecisions.id, late._id));
    const closed = await post(app, `/api/decisions/${late._id}/appeal`, feedCreator, { text: 'Too late but trying' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('APPEAL_WINDOW_CLOSED');
    expect((await decisionsOf(app, feedCreator))[0]).toMatchObject({ canAppeal: false, appealUntil: null });
  });
});

describe('transparency figures', () => {
  it('counts notices by type, actions by ground, the median time to decision, appeals and reversals; CSV export', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const other = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const a = await buildFeed(app, creator.user.id, { text: 'One' });
    const b = await buildFeed(app, creator.user.id, { text: 'Two' });
    const report = await post(app, '/api/reports', fan, {
      targetType: 'feed',
      targetId: a.id,
      reason: 'spam',
      description: 'Bad post',
    });
    setClockOffset(2 * 3_600_000); // decided two hours after the notice
    await post(app, `/api/admin/reports/${report.json()._id}/resolve`, admin, {
      action: 'takedown',
      note: 'Spam',
      ground: 'spam',
    });
    await takeDown(app, admin, b.id, 'copyright');
    const [d] = (await decisionsOf(app, creator)).filter((x) => x.targetId === b.id);
    await post(app, `/api/decisions/${d._id}/appeal`, creator, { text: 'It is my own music' });
    const [appeal] = (await get(app, '/api/admin/appeals', other)).json().data;
    await post(app, `/api/admin/appeals/${appeal._id}/decide`, other, { outcome: 'reversed', reply: 'Agreed' });

    const res = await get(app, '/api/transparency');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.notices).toEqual([{ key: 'report:feed', count: 1 }]);
    expect(f.actionsByGround).toEqual([
      { key: 'copyright', count: 1 },
      { key: 'spam', count: 1 },
    ]);
    expect(f.actionsByKind).toEqual([{ key: 'removal', count: 2 }]);
    expect(f.medianHoursToDecision).toBe(2);
    expect(f.appeals).toMatchObject({ received: 1, reversed: 1, upheld: 0, open: 0 });
    expect(f.ageAssurance).toEqual([]);
    const csv = await get(app, `/api/transparency?period=${f.period}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('actions_by_ground,copyright,1');
    expect(csv.body).toContain('appeals,reversed,1');
    // another half-year is empty
    const empty = (await get(app, '/api/transparency?period=2020-H1')).json();
    expect(empty).toMatchObject({ notices: [], actionsByGround: [], appeals: { received: 0 } });
    expect((await get(app, '/api/transparency?period=2020-H3')).statusCode).toBe(400);
  });
});

describe('sensitive data retention', () => {
  it('deletes viewing history older than the setting and clears old purchase notes, keeping the rest', async () => {
    const { app } = t();
    await app.ctx.settings.update({ viewingHistoryRetentionDays: 30, purchaseNoteRetentionDays: 60 }, null);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const { buildStory } = await import('../../../test/factories.feeds');
    const oldStory = await buildStory(app, creator.user.id);
    const newStory = await buildStory(app, creator.user.id);
    const day = 86_400_000;
    await app.ctx.db.insert(storyViews).values([
      { storyId: oldStory.id, userId: fan.user.id, seenAt: new Date(Date.now() - 40 * day) },
      { storyId: newStory.id, userId: fan.user.id, seenAt: new Date(Date.now() - 5 * day) },
    ]);
    const out = await pruneSensitiveData(app.ctx);
    expect(out.storyViews).toBe(1);
    const left = await app.ctx.db.select().from(storyViews).where(eq(storyViews.userId, fan.user.id));
    expect(left.map((r) => r.storyId)).toEqual([newStory.id]);
    expect(await app.ctx.db.select().from(walletCharges)).toBeDefined();
  });
});
