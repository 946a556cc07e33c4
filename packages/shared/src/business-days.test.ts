import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysLeft, isBusinessDay } from './business-days';

const at = (s: string) => new Date(s);

describe('business days', () => {
  it('skips weekends: Friday afternoon + 7 is the second Tuesday after, same time', () => {
    // 2026-11-27 is a Friday
    expect(addBusinessDays(at('2026-11-27T15:30:00Z'), 7).toISOString()).toBe('2026-12-08T15:30:00.000Z');
  });

  it('Monday + 7 is Wednesday of the next week', () => {
    expect(addBusinessDays(at('2026-11-23T09:00:00Z'), 7).toISOString()).toBe('2026-12-02T09:00:00.000Z');
  });

  it('a complaint received on Saturday starts counting on Monday', () => {
    expect(addBusinessDays(at('2026-11-28T10:00:00Z'), 1).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(addBusinessDays(at('2026-11-28T10:00:00Z'), 7).toISOString()).toBe('2026-12-08T10:00:00.000Z');
  });

  it('skips the operator holidays', () => {
    const holidays = new Set(['2026-12-25', '2026-12-28']);
    // Thu 24th + 2 = Tue 29th (25th holiday, weekend, 28th holiday)
    expect(addBusinessDays(at('2026-12-24T12:00:00Z'), 2, holidays).toISOString()).toBe('2026-12-30T12:00:00.000Z');
    expect(isBusinessDay(at('2026-12-25T00:00:00Z'), holidays)).toBe(false);
  });

  it('counts the business days left, negative once past', () => {
    const due = at('2026-12-08T15:30:00Z');
    expect(businessDaysLeft(at('2026-11-27T15:30:00Z'), due)).toBe(7);
    expect(businessDaysLeft(at('2026-12-07T08:00:00Z'), due)).toBe(1);
    expect(businessDaysLeft(at('2026-12-08T20:00:00Z'), due)).toBe(0);
    expect(businessDaysLeft(at('2026-12-10T08:00:00Z'), due)).toBe(-2);
    // a weekend in between does not count
    expect(businessDaysLeft(at('2026-12-05T08:00:00Z'), due)).toBe(2);
  });
});
