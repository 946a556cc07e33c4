import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { expectForbiddenFor, isAdminRoute, listOperations, type Operation } from '../../test/route-checks';
import { auditLog } from '../db/schema';

/**
 * The moderator role (issue 26, docs/compliance.md "Moderator role"), proved over the route table:
 * a moderator reaches exactly the moderation screens' routes — review queue, live monitor and live
 * streams, complaints, reports, appeals — and gets 403 from every other /api/admin route (money, settings,
 * users and roles, payouts, mail, pages, audit, hash lists, acquirer report …). A new admin route is
 * closed to moderators unless it says `access: 'moderator'` and is added here.
 */
const t = useTestApp();

const STAFF_PREFIXES = [
  '/api/admin/review',
  '/api/admin/live-monitor',
  '/api/admin/streams',
  '/api/admin/complaints',
  '/api/admin/reports',
  '/api/admin/appeals',
];
/** Non-admin-prefixed routes that are staff routes too (the spec's report queue paths). */
const STAFF_OTHER = ['GET /api/reports/search', 'PUT /api/reports/{id}'];

const isStaffRoute = (op: Operation) =>
  STAFF_PREFIXES.some((p) => op.path === p || op.path.startsWith(`${p}/`)) ||
  STAFF_OTHER.includes(`${op.method} ${op.path}`);

/** Signed links for <img>, checked by their signature and session, not by the bearer guard. */
const SIGNED = (op: Operation) => op.path.startsWith('/api/admin/live-monitor/thumbnails/');

describe('moderator role', () => {
  it('reaches review, live monitor, complaints, reports and appeals, and nothing else of the admin console', async () => {
    const { app } = t();
    const mod = await buildUser(app, { staffRole: 'moderator' });
    const ops = (await listOperations(app)).filter((op) => (isAdminRoute(op) || isStaffRoute(op)) && !SIGNED(op));
    const staff = ops.filter(isStaffRoute);
    // The rows of the table this test proves (so a renamed route cannot silently drop out).
    for (const row of [
      'GET /api/admin/review',
      'POST /api/admin/review/{id}/decision',
      'GET /api/admin/live-monitor',
      'POST /api/admin/live-monitor/{kind}/{id}/end',
      'GET /api/admin/complaints',
      'GET /api/admin/reports',
      'PUT /api/admin/streams/{id}/end',
      'GET /api/admin/appeals',
      'POST /api/admin/appeals/{id}/decide',
    ])
      expect(
        staff.map((op) => `${op.method} ${op.path}`),
        row,
      ).toContain(row);
    const closed = ops.filter((op) => !isStaffRoute(op));
    for (const row of [
      'GET /api/admin/settings',
      'PUT /api/admin/settings',
      'GET /api/admin/users',
      'PUT /api/admin/users/{id}',
      'PUT /api/admin/users/{id}/staff-role',
      'POST /api/admin/users/{id}/balance-adjustments',
      'GET /api/admin/payout-requests',
      'POST /api/admin/payout-requests/{id}/approve',
      'GET /api/admin/audit',
    ])
      expect(
        closed.map((op) => `${op.method} ${op.path}`),
        row,
      ).toContain(row);

    const failures: string[] = [];
    for (const op of closed) {
      try {
        await expectForbiddenFor(app, mod, op.method, op.url, op.body, [403]);
      } catch (err) {
        failures.push(`${op.method} ${op.path}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    for (const op of staff) {
      const res = await app.inject({
        method: op.method,
        url: op.url,
        headers: mod.auth,
        ...(op.body === undefined ? {} : { payload: op.body as object }),
      });
      if (res.statusCode === 401 || res.statusCode === 403)
        failures.push(`${op.method} ${op.path}: a moderator got ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('fans and creators stay out of the staff routes; an admin grants and revokes the role (audited)', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    for (const who of [fan, creator]) {
      expect((await app.inject({ url: '/api/admin/live-monitor', headers: who.auth })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/reports/search', headers: who.auth })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/admin/appeals', headers: who.auth })).statusCode).toBe(403);
    }
    const grant = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${fan.user.id}/staff-role`,
      headers: admin.auth,
      payload: { staffRole: 'moderator' },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().staffRole).toBe('moderator');
    // At once, on the same session: the cache was invalidated.
    expect((await app.inject({ url: '/api/admin/live-monitor', headers: fan.auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/me', headers: fan.auth })).json().staffRole).toBe('moderator');
    expect((await app.inject({ url: '/api/admin/settings', headers: fan.auth })).statusCode).toBe(403);
    // A moderator cannot grant the role (users' roles are the admins').
    const byMod = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${creator.user.id}/staff-role`,
      headers: fan.auth,
      payload: { staffRole: 'moderator' },
    });
    expect(byMod.statusCode).toBe(403);
    const revoke = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${fan.user.id}/staff-role`,
      headers: admin.auth,
      payload: { staffRole: null },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await app.inject({ url: '/api/admin/live-monitor', headers: fan.auth })).statusCode).toBe(403);
    const rows = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, fan.user.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['user.grant_moderator', 'user.revoke_moderator']);
  });
});
