import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { useTestApp } from '../../../test/harness';
import { auditLog, decisionAppeals, feeds, moderationDecisions, notifications, users } from '../../db/schema';

// Appeals are moderation staff's work (issue 27 item 4, docs/compliance.md "Moderator role"):
// moderators list and decide them, never one they decided themselves, never a staff suspension.
const t = useTestApp();
type App = ReturnType<typeof t>['app'];

const post = (app: App, url: string, who: Actor, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload });
const buildModerator = (app: App) => buildUser(app, { staffRole: 'moderator' });

async function openAppeal(app: App, who: Actor) {
  const res = await app.inject({ url: '/api/admin/appeals?state=open', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { _id: string; decisionBy: string | null };
}

describe('appeals decided by moderators', () => {
  it('a moderator’s takedown is appealed; that moderator may not decide it, another moderator reverses it', async () => {
    const { app } = t();
    const mod = await buildModerator(app);
    const otherMod = await buildModerator(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'Reported post' });
    const report = await post(app, '/api/reports', fan, {
      targetType: 'feed',
      targetId: feed.id,
      reason: 'spam',
      description: 'Looks like spam',
    });
    const resolved = await post(app, `/api/admin/reports/${report.json()._id}/resolve`, mod, {
      action: 'takedown',
      note: 'Spam',
      ground: 'spam',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const decisions = (await app.inject({ url: '/api/decisions', headers: creator.auth })).json().data;
    const filed = await post(app, `/api/decisions/${decisions[0]._id}/appeal`, creator, {
      text: 'It is not spam at all',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    // Moderators are told of the appeal like admins.
    const alerts = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, otherMod.user.id));
    expect(alerts.map((n) => n.link)).toContain('/admin/appeals');

    const appeal = await openAppeal(app, otherMod);
    expect(appeal.decisionBy).toBe(mod.user.id);
    const same = await post(app, `/api/admin/appeals/${appeal._id}/decide`, mod, {
      outcome: 'reversed',
      reply: 'Fine by me',
    });
    expect(same.statusCode).toBe(403);
    expect(same.json().code).toBe('APPEAL_SAME_MODERATOR');
    const done = await post(app, `/api/admin/appeals/${appeal._id}/decide`, otherMod, {
      outcome: 'reversed',
      reply: 'Not spam indeed',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await app.ctx.db.select().from(feeds).where(eq(feeds.id, feed.id));
    expect(row.takenDownAt).toBeNull();
    const [audit] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'appeal.reverse'));
    expect(audit.actorId).toBe(otherMod.user.id);
  });

  it('a moderator cannot reverse the suspension of a staff account; an admin can; fans and creators get 403', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const otherAdmin = await buildAdmin(app);
    const mod = await buildModerator(app);
    const suspendedMod = await buildModerator(app);
    const res = await post(app, `/api/admin/users/${suspendedMod.user.id}/suspend`, admin, {
      reason: 'Leaked a report',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [d] = await app.ctx.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.userId, suspendedMod.user.id));
    // Entered directly: the suspended account's own path is proved in appeals.suspended.test.ts.
    await app.ctx.db.insert(decisionAppeals).values({
      id: crypto.randomUUID(),
      decisionId: d.id,
      userId: suspendedMod.user.id,
      text: 'I did not leak it',
    });
    const appeal = await openAppeal(app, mod);
    const byMod = await post(app, `/api/admin/appeals/${appeal._id}/decide`, mod, {
      outcome: 'reversed',
      reply: 'Okay then',
    });
    expect(byMod.statusCode).toBe(403);
    for (const who of [await buildUser(app), await buildPerformer(app)])
      expect((await app.inject({ url: '/api/admin/appeals', headers: who.auth })).statusCode).toBe(403);
    const byAdmin = await post(app, `/api/admin/appeals/${appeal._id}/decide`, otherAdmin, {
      outcome: 'reversed',
      reply: 'Evidence points elsewhere',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, suspendedMod.user.id));
    expect(u.status).toBe('active');
  });
});
