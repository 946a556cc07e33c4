import { addBusinessDays } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildFeed } from '../../../test/factories.feeds';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import { auditLog, complaints, mailOutbox, notifications } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { complaintQueue, escalateComplaints } from './complaints.service';

const t = useTestApp();

const SITE = 'http://localhost:3000';
const body = (over: Record<string, unknown> = {}) => ({
  kind: 'depicted',
  name: 'Jane Roe',
  email: 'Jane@Example.com',
  urls: [`${SITE}/post/00000000-0000-4000-8000-000000000000`],
  reason: 'This video shows me and I never agreed to it.',
  goodFaith: true,
  signature: 'Jane Roe',
  ...over,
});

describe('complaints and removal requests', () => {
  it('anyone files one without an account: a case number, a due date 7 business days out, an acknowledgment mail; the admins are told', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const before = app.ctx.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: body({ kind: 'illegal', urls: ['https://elsewhere.example/some/page'] }),
      headers: { 'accept-language': 'de-DE' },
    });
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt.caseNumber).toMatch(/^C-\d{6}-[A-Z2-9]{5}$/);
    expect(receipt.contentHidden).toBe(false);
    const due = new Date(receipt.dueAt);
    expect(Math.abs(due.getTime() - addBusinessDays(before, 7).getTime())).toBeLessThan(60_000);

    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'jane@example.com'));
    expect(mail?.subject).toContain(receipt.caseNumber);
    expect(mail?.text).toContain('Hallo Jane Roe'); // the reporter's language
    expect(mail?.text).toContain('https://elsewhere.example/some/page');
    const alerts = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(alerts.map((n) => n.title)).toEqual([expect.stringContaining(receipt.caseNumber)]);
  });

  it('refuses what is not a complaint with a 400 naming the problem', async () => {
    const { app } = t();
    for (const [payload, problem] of [
      [body({ goodFaith: false }), /good-faith/],
      [body({ urls: [] }), /at least one link/],
      [body({ urls: ['javascript:alert(1)'] }), /link/],
      [body({ email: 'nope' }), /e-mail/],
      [body({ kind: 'spam' }), /kind/],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/complaints', payload });
      expect(expectErrorShape(res, 400).message).toMatch(problem);
    }
    expect(await app.ctx.db.select().from(complaints)).toHaveLength(0);
  });

  it("a depicted person's request hides the content at once; the admin's 'removed' keeps it down and tells creator and reporter", async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const post = await buildFeed(app, creator.user.id, { text: 'Hot tub night' });
    const video = await buildContent(app, creator, 'video', { visibility: 'free', title: 'Duo scene' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: body({ urls: [`${SITE}/post/${post.id}`, `https://mirror.example/video/${video.slug}?x=1`] }),
    });
    expect(res.json().contentHidden).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/api/user/feeds/${post.id}`, headers: fan.auth })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/performer-assets/videos/${video._id}`, headers: fan.auth }))
        .statusCode,
    ).toBe(404);
    const creatorNotes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(creatorNotes).toHaveLength(2);

    const queue = await app.inject({ method: 'GET', url: '/api/admin/complaints?status=open', headers: admin.auth });
    const [c] = queue.json().data;
    expect(c).toMatchObject({ kind: 'depicted', status: 'open', urgency: 'on_time', hiddenPendingReview: true });
    expect(c.targets.map((x: { type: string }) => x.type).sort()).toEqual(['feed', 'video']);
    expect(c.businessDaysLeft).toBe(7);

    const decided = await app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${c._id}/decision`,
      headers: admin.auth,
      payload: { decision: 'removed', reply: 'The content was removed: the performer did not consent.' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'closed', decision: 'removed', resolvedOnTime: true });
    expect((await app.inject({ method: 'GET', url: `/api/user/feeds/${post.id}`, headers: fan.auth })).statusCode).toBe(
      404,
    );
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${c._id}/decision`,
      headers: admin.auth,
      payload: { decision: 'no_action', reply: 'Changed my mind about this.' },
    });
    expect(expectErrorShape(again, 409).code).toBe('COMPLAINT_DECIDED');

    const actions = (await app.ctx.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual([
      'complaint.decide',
      'content.takedown',
      'content.takedown',
      'content.takedown',
      'content.takedown',
    ]);
    const replies = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'complaint-decision'));
    expect(replies[0]?.text).toContain('the performer did not consent');
  });

  it("'no action' puts back what the complaint hid, and only that", async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const post = await buildFeed(app, creator.user.id, { text: 'Beach' });
    const other = await buildFeed(app, creator.user.id, { text: 'Taken down before' });
    await app.inject({
      method: 'POST',
      url: `/api/admin/content/feed/${other.id}/takedown`,
      headers: admin.auth,
      payload: { reason: 'Spam' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: body({ urls: [`${SITE}/post/${post.id}`, `${SITE}/post/${other.id}`] }),
    });
    const [c] = (await app.inject({ method: 'GET', url: '/api/admin/complaints', headers: admin.auth })).json().data;
    await app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${c._id}/decision`,
      headers: admin.auth,
      payload: { decision: 'no_action', reply: 'The person shown is the creator herself.' },
    });
    expect((await app.inject({ method: 'GET', url: `/api/user/feeds/${post.id}`, headers: fan.auth })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/user/feeds/${other.id}`, headers: fan.auth })).statusCode,
    ).toBe(404);
  });

  it('the clock escalates once when a case is due soon and once when overdue; only admins see the queue', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    try {
      // Received on a Wednesday morning: an hour past the due time is still the due day (at 23:30 it
      // would be the next day, one business day past).
      setClockOffset(Date.parse('2026-11-18T09:00:00Z') - Date.now());
      await app.inject({ method: 'POST', url: '/api/complaints', payload: body({ kind: 'copyright' }) });
      const forbidden = await app.inject({ method: 'GET', url: '/api/admin/complaints', headers: fan.auth });
      expect(forbidden.statusCode).toBe(403);
      const alertsOf = async () =>
        (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, admin.user.id))).length;
      expect(await escalateComplaints(app.ctx)).toBe(0);
      const [row] = await app.ctx.db.select().from(complaints);
      // six business days later: due soon
      setClockOffset(addBusinessDays(app.ctx.now(), 6).getTime() - Date.now());
      expect(await escalateComplaints(app.ctx)).toBe(1);
      expect(await escalateComplaints(app.ctx)).toBe(0);
      const queue = () => complaintQueue(app.ctx, { page: 1, pageSize: 10 });
      expect((await queue()).data[0]?.urgency).toBe('due_soon');
      // past the due date: overdue, told once
      setClockOffset(row!.dueAt.getTime() + 3_600_000 - Date.now());
      expect(await escalateComplaints(app.ctx)).toBe(1);
      expect(await escalateComplaints(app.ctx)).toBe(0);
      expect(await alertsOf()).toBe(3); // received, due soon, overdue
      expect((await queue()).data[0]).toMatchObject({ urgency: 'overdue', businessDaysLeft: 0 });
    } finally {
      setClockOffset(0);
    }
  });
});
