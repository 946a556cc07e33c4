import { describe, expect, it } from 'vitest';
import { fromCents, shareOf, splitCommission, toCents } from './money';

describe('money', () => {
  it('converts decimal amounts to cents without float drift', () => {
    expect(toCents(2.95)).toBe(295);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(30000)).toBe(300);
  });

  it('splits commission so that net + commission is exactly the gross, platform taking the remainder', () => {
    for (let gross = 0; gross <= 2000; gross++) {
      for (const pct of [0, 1, 5, 12.5, 20, 33, 100]) {
        const { net, commission } = splitCommission(gross, pct);
        expect(net + commission).toBe(gross);
        expect(commission).toBeGreaterThanOrEqual((gross * pct) / 100);
        expect(net).toBeGreaterThanOrEqual(0);
      }
    }
    expect(splitCommission(999, 20)).toEqual({ net: 799, commission: 200 });
  });

  it('rejects non-integer gross amounts', () => {
    expect(() => splitCommission(9.5, 20)).toThrow();
  });

  it('takes shares rounding down so no cent is created', () => {
    expect(shareOf(799, 5)).toBe(39);
    expect(shareOf(1, 1)).toBe(0);
  });
});
