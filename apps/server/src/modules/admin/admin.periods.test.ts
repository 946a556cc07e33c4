import { periodStart } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer } from '../../../test/factories';
import { earnThroughTips } from '../../../test/factories.payouts';
import { useTestApp } from '../../../test/harness';
import { earnings } from '../../db/schema';

const t = useTestApp();
const HOUR = 3_600_000;

describe('one period window for every report (issue 31)', () => {
  it("the admin's 7 and 30 days and the creator's own figures add up the same sales", async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    await earnThroughTips(app, creator, [10, 20, 40, 80]);
    const rows = await app.ctx.db.select().from(earnings).where(eq(earnings.creatorId, creator.user.id));
    const now = app.ctx.now();
    // 10 on the first day of the 30 days, 20 an hour before it (day 31: outside), 40 yesterday, 80 now.
    const when: Record<number, Date> = {
      1000: new Date(periodStart(30, now).getTime() + HOUR),
      2000: new Date(periodStart(30, now).getTime() - HOUR),
      4000: new Date(periodStart(2, now).getTime() + HOUR),
    };
    for (const r of rows) {
      const at = when[Number(r.grossCents)];
      if (at) await app.ctx.db.update(earnings).set({ createdAt: at }).where(eq(earnings.id, r.id));
    }
    const adminGross = async (days: number) =>
      (await app.inject({ url: `/api/admin/dashboard?days=${days}`, headers: admin.auth })).json().totals.gross;
    const creatorGross = async (days: number) =>
      (
        await app.inject({
          url: `/api/performer/earning/stats?fromDate=${encodeURIComponent(periodStart(days, now).toISOString())}`,
          headers: creator.auth,
        })
      ).json().totals.gross;
    expect(await adminGross(30)).toBe(130);
    expect(await creatorGross(30)).toBe(130);
    expect(await adminGross(7)).toBe(120);
    expect(await creatorGross(7)).toBe(120);
    expect(await adminGross(1)).toBe(80);
    expect(await creatorGross(1)).toBe(80);
  });
});
