import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { reports } from '../../db/schema';

const t = useTestApp();

describe('reports', () => {
  it('files a report once per reporter and target; a repeat updates it', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const payload = { targetType: 'performer', targetId: creator.user.id, reason: 'spam', description: 'Sends links' };
    const first = await app.inject({ method: 'POST', url: '/api/reports', headers: fan.auth, payload });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'open', reason: 'spam', creatorId: creator.user.id });
    const repeat = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { ...payload, reason: 'impersonation', description: 'Not who they say' },
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({
      _id: first.json()._id,
      reason: 'impersonation',
      description: 'Not who they say',
    });
    await app.inject({ method: 'POST', url: '/api/reports', headers: other.auth, payload });
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(reports);
    expect(Number(n)).toBe(2);
  });

  it('validates the target and the reason, and needs a signed-in user', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { targetType: 'performer', targetId: fan.user.id, reason: 'spam' },
    });
    expect(missing.statusCode).toBe(404);
    const badReason = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { targetType: 'performer', targetId: fan.user.id, reason: 'ugly' },
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().message).toMatch(/^body\.reason/);
    const anon = await app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'performer', targetId: fan.user.id, reason: 'spam' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('lands in the admin queue, which admins resolve', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const filed = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { targetType: 'performer', targetId: creator.user.id, reason: 'harassment' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/reports/search', headers: fan.auth })).statusCode).toBe(403);
    const queue = await app.inject({ method: 'GET', url: '/api/reports/search?status=open', headers: admin.auth });
    expect(queue.json()).toMatchObject({ total: 1, data: [{ _id: filed.json()._id }] });
    const done = await app.inject({
      method: 'PUT',
      url: `/api/reports/${filed.json()._id}`,
      headers: admin.auth,
      payload: { status: 'dismissed', note: 'No issue found' },
    });
    expect(done.json()).toMatchObject({ status: 'dismissed', resolutionNote: 'No issue found' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/reports/search?status=open', headers: admin.auth })).json().total,
    ).toBe(0);
  });
});
