import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { ageAssurances } from '../../db/schema';

// The transparency figures' age-assurance checks (issue 27 item 5): checks started in a half-year,
// by provider and outcome, fans' and visitors' alike; the half-year's edges are UTC.
const t = useTestApp();

type Status = 'pending' | 'assured' | 'failed' | 'expired';

describe('transparency: age-assurance checks', () => {
  it('counts the checks started in the half-year by provider and outcome, in the JSON and the CSV', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const row = (provider: 'yoti' | 'builtin', status: Status, createdAt: string, visitor = false) => ({
      id: randomUUID(),
      userId: visitor ? null : fan.user.id,
      visitorHash: visitor ? randomUUID() : null,
      provider,
      status,
      createdAt: new Date(createdAt),
    });
    await app.ctx.db.insert(ageAssurances).values([
      row('yoti', 'assured', '2026-01-01T00:00:00Z'), // the first instant of H1
      row('yoti', 'assured', '2026-03-10T12:00:00Z', true),
      row('yoti', 'assured', '2026-06-30T23:59:59Z', true), // the last second of H1
      row('yoti', 'failed', '2026-02-02T08:00:00Z', true),
      row('yoti', 'expired', '2026-04-04T08:00:00Z', true),
      row('yoti', 'pending', '2026-05-05T08:00:00Z', true),
      row('builtin', 'assured', '2026-02-14T09:00:00Z'),
      row('builtin', 'pending', '2026-06-01T09:00:00Z'),
      // outside the half-year: the day before, the first instant of H2
      row('yoti', 'assured', '2025-12-31T23:59:59Z'),
      row('builtin', 'failed', '2026-07-01T00:00:00Z'),
    ]);

    const res = await app.inject({ url: '/api/transparency?period=2026-H1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ageAssurance).toEqual([
      { provider: 'builtin', outcome: 'assured', count: 1 },
      { provider: 'builtin', outcome: 'pending', count: 1 },
      { provider: 'yoti', outcome: 'assured', count: 3 },
      { provider: 'yoti', outcome: 'expired', count: 1 },
      { provider: 'yoti', outcome: 'failed', count: 1 },
      { provider: 'yoti', outcome: 'pending', count: 1 },
    ]);
    const csv = await app.inject({ url: '/api/transparency?period=2026-H1&format=csv' });
    expect(csv.body).toContain('age_assurance,yoti:assured,3');
    expect(csv.body).toContain('age_assurance,builtin:pending,1');
    expect(csv.body).not.toContain('builtin:failed');

    const h2 = (await app.inject({ url: '/api/transparency?period=2026-H2' })).json();
    expect(h2.ageAssurance).toEqual([{ provider: 'builtin', outcome: 'failed', count: 1 }]);
    const h2025 = (await app.inject({ url: '/api/transparency?period=2025-H2' })).json();
    expect(h2025.ageAssurance).toEqual([{ provider: 'yoti', outcome: 'assured', count: 1 }]);
  });
});
