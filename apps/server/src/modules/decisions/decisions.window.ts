import { APPEAL_WINDOW_MONTHS } from '@marquee/shared';
import type { AppealRow, DecisionRow } from '../../db/schema';

/** Until when the affected user may appeal (DSA Art. 20(1): at least six months). */
export function appealUntil(d: Pick<DecisionRow, 'createdAt'>): Date {
  const u = new Date(d.createdAt);
  u.setUTCMonth(u.getUTCMonth() + APPEAL_WINDOW_MONTHS);
  return u;
}

export function canAppeal(d: DecisionRow, appeal: AppealRow | null, now: Date): boolean {
  return !appeal && d.state !== 'reversed' && d.userId !== null && now < appealUntil(d);
}
