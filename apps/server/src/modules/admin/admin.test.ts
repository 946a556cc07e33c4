import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape, expectForbiddenFor, expectRequiresAuth } from '../../../test/route-checks';
import { auditLog, mailOutbox, notifications } from '../../db/schema';
import { verifyLedger } from '../ledger/ledger.service';

const t = useTestApp();

async function auditRows(action: string) {
  return t().app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('admin settings', () => {
  it('a change applies at once on /settings/public, is audited with before and after, and refuses bad values', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const before = (await app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(before.siteName).toBe('Marquee');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { siteName: 'Fanhouse', minimumTipPrice: 5, maximumTipPrice: 500, maintenanceMode: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().values).toMatchObject({ siteName: 'Fanhouse', minimumTipPrice: 5, commissionPercent: 20 });
    const after = (await app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(after).toMatchObject({
      siteName: 'Fanhouse',
      minimumTipPrice: 5,
      maximumTipPrice: 500,
      maintenanceMode: true,
    });

    const [entry] = await auditRows('settings.update');
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      before: { siteName: 'Marquee', minimumTipPrice: 10, maximumTipPrice: 10000, maintenanceMode: false },
      after: { siteName: 'Fanhouse', minimumTipPrice: 5, maximumTipPrice: 500, maintenanceMode: true },
    });
    const log = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=settings.update',
      headers: admin.auth,
    });
    expect(log.json()).toMatchObject({
      total: 1,
      data: [{ actor: { _id: admin.user.id }, action: 'settings.update' }],
    });

    const bad = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { siteName: '' },
    });
    expect(expectErrorShape(bad, 400).message).toMatch(/siteName/);
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { nope: 1 },
    });
    expect(expectErrorShape(unknown, 400).code).toBe('UNKNOWN_SETTING');
    // nothing of a refused change was kept
    expect((await app.inject({ method: 'GET', url: '/api/settings/public' })).json().siteName).toBe('Fanhouse');
  });
});

describe('admin users and creators', () => {
  it('suspending ends every session and refuses sign-in; reactivating lets the user back in', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth })).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/suspend`,
      headers: admin.auth,
      payload: { reason: 'spam' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'suspended', activeSessions: 0 });
    expectErrorShape(await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth }), 401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fan.user.username, password: 'correct-horse-battery-staple' },
    });
    expect(login.statusCode).toBe(403);
    const back = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/reactivate`,
      headers: admin.auth,
      payload: {},
    });
    expect(back.json().status).toBe('active');
    expect((await auditRows('user.suspend'))[0]).toMatchObject({ targetId: fan.user.id, reason: 'spam' });
    // an admin cannot lock themselves out
    const self = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.user.id}/suspend`,
      headers: admin.auth,
      payload: {},
    });
    expect(expectErrorShape(self, 400).code).toBe('SELF_SUSPEND');
  });

  it('approving a pending creator lets them publish paid content; the creator is told', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app, {}, { verificationStatus: 'pending' });
    const sale = { text: 'Unlock me', visibility: 'sale', price: 5 };
    const refused = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.auth,
      payload: sale,
    });
    expect(expectErrorShape(refused, 403).message).toMatch(/identity must be verified/);

    const queue = await app.inject({
      method: 'GET',
      url: '/api/admin/users?verificationStatus=pending',
      headers: admin.auth,
    });
    expect(queue.json()).toMatchObject({ total: 1, data: [{ _id: creator.user.id, verificationStatus: 'pending' }] });
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${creator.user.id}/verification`,
      headers: admin.auth,
      payload: { decision: 'rejected' },
    });
    expect(expectErrorShape(noReason, 400).code).toBe('REASON_REQUIRED');
    const ok = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${creator.user.id}/verification`,
      headers: admin.auth,
      payload: { decision: 'verified' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().verificationStatus).toBe('verified');
    const posted = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.auth,
      payload: sale,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(told.map((n) => n.kind)).toContain('verification');
    expect((await auditRows('creator.verify'))[0]).toMatchObject({ before: { verificationStatus: 'pending' } });
  });

  it('a balance adjustment goes through the ledger, needs a reason, and keeps it balanced', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const adjust = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/users/${fan.user.id}/balance-adjustments`,
        headers: admin.auth,
        payload,
      });
    expectErrorShape(await adjust({ amount: 10 }), 400);
    const add = await adjust({ amount: 12.5, reason: 'Goodwill credit for the outage' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ balance: 12.5 });
    const remove = await adjust({ amount: -2.5, reason: 'Correction' });
    expect(remove.json()).toMatchObject({ balance: 10 });
    // never below zero
    expect((await adjust({ amount: -50, reason: 'Too much' })).statusCode).toBe(402);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth });
    expect(me.json().balance).toBe(10);
    const report = await verifyLedger(app.ctx.db);
    expect(report).toMatchObject({ ok: true });
    expect(await auditRows('money.adjust_balance')).toHaveLength(2);
  });

  it('a reset link is mailed (readable in the outbox) and returned to the admin', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/reset-password`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { link } = res.json();
    expect(link).toMatch(/\/auth\/reset-password\?token=/);
    const mails = await app.inject({ method: 'GET', url: `/api/admin/mail?q=${fan.user.email}`, headers: admin.auth });
    expect(mails.json().total).toBe(1);
    expect(mails.json().data[0].text).toContain(link);
    const token = decodeURIComponent(link.split('token=')[1]);
    const recover = await app.inject({
      method: 'POST',
      url: '/api/auth/password-recovery',
      payload: { token, password: 'a-brand-new-passphrase-42' },
    });
    expect(recover.statusCode, recover.body).toBe(200);
    expect(await app.ctx.db.select().from(mailOutbox)).toHaveLength(1);
  });
});

describe('admin money', () => {
  it('a refund through the ledger returns the gross to the fan, takes the net from the creator, keeps it balanced', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    await fundWallet(app, fan.user.id, 5000);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.auth,
      payload: { amount: 20 },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/admin/charges?type=tip', headers: admin.auth });
    expect(list.json()).toMatchObject({
      total: 1,
      data: [{ type: 'tip', gross: 20, commission: 4, net: 16, status: 'paid' }],
    });
    const chargeId = list.json().data[0]._id;
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/admin/charges/${chargeId}/refund`,
      headers: admin.auth,
      payload: {},
    });
    expectErrorShape(noReason, 400);
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/charges/${chargeId}/refund`,
      headers: admin.auth,
      payload: { reason: 'Sent by mistake' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'refunded' });
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/charges/${chargeId}/refund`,
      headers: admin.auth,
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth })).json().balance).toBe(50);
    const detail = await app.inject({ method: 'GET', url: `/api/admin/users/${creator.user.id}`, headers: admin.auth });
    expect(detail.json().earningsBalance).toBe(0);
    expect(await verifyLedger(app.ctx.db)).toMatchObject({ ok: true });
    expect(await auditRows('money.refund')).toHaveLength(1);
    // the refund shows in the revenue report and its CSV
    const csv = await app.inject({ method: 'GET', url: '/api/admin/revenue?format=csv', headers: admin.auth });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'creatorId,username,payments,gross,commission (platform),net (creator),refunded',
    );
    expect(csv.body).toContain(`${creator.user.id},${creator.user.username},1,0.00,0.00,0.00,20.00`);
  });
});

describe('admin moderation', () => {
  it('resolving a report by taking the post down hides it from fans and tells the creator; restore brings it back', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'Something against the rules' });
    const filed = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { targetType: 'feed', targetId: feed.id, reason: 'spam', description: 'bad' },
    });
    expect([200, 201]).toContain(filed.statusCode);
    const queue = await app.inject({ method: 'GET', url: '/api/admin/reports?status=open', headers: admin.auth });
    expect(queue.json()).toMatchObject({
      total: 1,
      data: [
        {
          targetType: 'feed',
          target: { text: 'Something against the rules', takenDown: false },
          creator: { _id: creator.user.id },
        },
      ],
    });
    const reportId = queue.json().data[0]._id;
    const resolved = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${reportId}/resolve`,
      headers: admin.auth,
      payload: { action: 'takedown', note: 'Breaks the rules on spam' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', target: { takenDown: true } });
    expect((await app.inject({ method: 'GET', url: `/api/user/feeds/${feed.id}`, headers: fan.auth })).statusCode).toBe(
      404,
    );
    const wall = await app.inject({
      method: 'GET',
      url: `/api/user/feeds/search/${creator.user.username}`,
      headers: fan.auth,
    });
    expect(wall.statusCode, wall.body).toBe(200);
    expect(wall.json().data.map((f: { _id: string }) => f._id)).not.toContain(feed.id);
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(told.find((n) => n.kind === 'moderation')?.body).toContain('Breaks the rules on spam');

    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/content?type=feed&moderation=taken_down',
      headers: admin.auth,
    });
    expect(listed.json()).toMatchObject({
      total: 1,
      data: [{ _id: feed.id, takenDown: true, takedownReason: 'Breaks the rules on spam' }],
    });
    const restore = await app.inject({
      method: 'POST',
      url: `/api/admin/content/feed/${feed.id}/restore`,
      headers: admin.auth,
      payload: {},
    });
    expect(restore.json()).toMatchObject({ takenDown: false });
    expect((await app.inject({ method: 'GET', url: `/api/user/feeds/${feed.id}`, headers: fan.auth })).statusCode).toBe(
      200,
    );
    expect((await auditRows('content.takedown'))[0]).toMatchObject({
      targetId: feed.id,
      reason: 'Breaks the rules on spam',
    });
    expect(await auditRows('report.takedown')).toHaveLength(1);
  });
});

describe('admin pages, promos, dashboard', () => {
  it('creates pages (sanitized) and promos with dates, audited; the dashboard counts', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    await buildPerformer(app, {}, { verificationStatus: 'pending' });
    const page = await app.inject({
      method: 'POST',
      url: '/api/admin/pages',
      headers: admin.auth,
      payload: { slug: 'about', title: 'About us', content: '<p>Hi</p><script>alert(1)</script>' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().content).toBe('<p>Hi</p>');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/promos',
      headers: admin.auth,
      payload: { title: 'Summer', startAt: '2030-02-01T00:00:00Z', endAt: '2030-01-01T00:00:00Z' },
    });
    expect(expectErrorShape(bad, 400).code).toBe('INVALID_DATES');
    const promo = await app.inject({
      method: 'POST',
      url: '/api/admin/promos',
      headers: admin.auth,
      payload: { title: 'Summer', linkUrl: '/explore', placement: 'home' },
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const live = await app.inject({ method: 'GET', url: '/api/site-promo/search?placement=home' });
    expect(live.json().data.map((p: { title: string }) => p.title)).toContain('Summer');
    const off = await app.inject({
      method: 'PUT',
      url: `/api/admin/promos/${promo.json()._id}`,
      headers: admin.auth,
      payload: { status: 'inactive' },
    });
    expect(off.json().status).toBe('inactive');
    expect(
      (await app.inject({ method: 'GET', url: '/api/site-promo/search?placement=home' })).json().data,
    ).toHaveLength(0);
    expect(await auditRows('promo.update')).toHaveLength(1);

    const dash = await app.inject({ method: 'GET', url: '/api/admin/dashboard?days=7', headers: admin.auth });
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json().totals).toMatchObject({ users: 2, creators: 1, pendingVerifications: 1, openReports: 0 });
    expect(dash.json().days).toHaveLength(7);
    expect(dash.json().days.at(-1).signups).toBe(2);
  });

  it('refuses every admin route to visitors, fans and creators (spot check; route-checks walks them all)', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    for (const [method, url] of [
      ['GET', '/api/admin/settings'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/mail'],
      ['GET', '/api/admin/audit'],
    ] as const) {
      await expectRequiresAuth(app, method, url);
      await expectForbiddenFor(app, fan, method, url, undefined, [403]);
      await expectForbiddenFor(app, creator, method, url, undefined, [403]);
    }
  });
});
