import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import { newId } from '../../db/ids';
import { reviewItems } from '../../db/schema';

const t = useTestApp();

const minutes = (n: number) => n * 60_000;

describe('monthly acquirer report', () => {
  it('counts the month’s review decisions, complaints against their clock, removals; CSV for the acquirer; admins only', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const now = app.ctx.now();
    const month = now.toISOString().slice(0, 7);
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 1));
    // Review: three decided this month (10, 20 and 90 minutes), one waiting, one from last month.
    const item = (
      submitted: Date,
      decided: Date | null,
      state: 'approved' | 'rejected' | 'pending',
      reason?: string,
    ) => ({
      id: newId(),
      objectType: 'feed',
      objectId: newId(),
      creatorId: creator.user.id,
      state,
      submittedAt: submitted,
      decidedAt: decided,
      reasonCode: reason ?? null,
    });
    await app.ctx.db
      .insert(reviewItems)
      .values([
        item(start, new Date(start.getTime() + minutes(10)), 'approved'),
        item(start, new Date(start.getTime() + minutes(20)), 'rejected', 'no_consent'),
        item(start, new Date(start.getTime() + minutes(90)), 'rejected', 'spam'),
        item(start, null, 'pending'),
        item(
          new Date(start.getTime() - minutes(60 * 24 * 40)),
          new Date(start.getTime() - minutes(60 * 24 * 39)),
          'approved',
        ),
      ]);
    // Complaints: one depicted (hides the post at once), decided "removed" within its clock; one copyright open.
    const post = await buildFeed(app, creator.user.id, { text: 'Duo' });
    const file = (kind: string, urls: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/complaints',
        payload: {
          kind,
          name: 'Jane Roe',
          email: 'jane@example.com',
          urls,
          reason: 'Please look at this content.',
          goodFaith: true,
          signature: 'Jane Roe',
        },
      });
    await file('depicted', [`https://site.example/post/${post.id}`]);
    await file('copyright', ['https://elsewhere.example/x']);
    const queue = (await app.inject({ url: '/api/admin/complaints?status=open', headers: admin.auth })).json();
    const depicted = queue.data.find((c: { kind: string }) => c.kind === 'depicted');
    await app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${depicted._id}/decision`,
      headers: admin.auth,
      payload: { decision: 'removed', reply: 'Removed: the person shown did not consent.' },
    });

    const res = await app.inject({ url: `/api/admin/compliance/report?month=${month}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.review).toMatchObject({
      approved: 1,
      rejected: 2,
      rejectedByReason: { no_consent: 1, spam: 1 },
      pendingAtMonthEnd: 1,
      medianMinutesToReview: 20,
      p90MinutesToReview: 90,
    });
    expect(report.complaints).toMatchObject({
      received: 2,
      receivedByKind: { depicted: 1, copyright: 1 },
      resolved: 1,
      resolvedWithinDue: 1,
      removedAfterComplaint: 1,
      openOverdueAtMonthEnd: 0,
    });
    // Hidden at once, then removed by the decision: one item removed.
    expect(report.removals).toBe(1);
    expect(report).toMatchObject({ hashMatches: 0, ncmecReportsSent: 0, leakCases: 0, chargebacks: [] });

    const csv = await app.inject({
      url: `/api/admin/compliance/report?month=${month}&format=csv`,
      headers: admin.auth,
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('complaints,resolved within 7 business days,1');
    expect(csv.body).toContain('review,rejected: no_consent,1');

    const bad = await app.inject({ url: '/api/admin/compliance/report?month=2026-13', headers: admin.auth });
    expect(expectErrorShape(bad, 400).message).toMatch(/YYYY-MM/);
    const fan = await buildPerformer(app);
    expect((await app.inject({ url: '/api/admin/compliance/report', headers: fan.auth })).statusCode).toBe(403);
  });
});
