/**
 * Business days for complaint clocks (Mastercard asks for complaints resolved within seven
 * business days). Monday to Friday in UTC, minus the operator's holidays ('YYYY-MM-DD').
 */
const DAY_MS = 86_400_000;

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

export function isBusinessDay(d: Date, holidays: ReadonlySet<string> = new Set()): boolean {
  const wd = d.getUTCDay();
  return wd !== 0 && wd !== 6 && !holidays.has(dayKey(d));
}

/**
 * The moment `days` business days after `start`, at the same time of day: a complaint received on
 * Friday afternoon with 7 days is due the second Tuesday after, in the afternoon. Received on a
 * weekend or holiday, counting starts on the next business day.
 */
export function addBusinessDays(start: Date, days: number, holidays: ReadonlySet<string> = new Set()): Date {
  let at = new Date(start.getTime());
  let left = days;
  while (left > 0) {
    at = new Date(at.getTime() + DAY_MS);
    if (isBusinessDay(at, holidays)) left -= 1;
  }
  return at;
}

/**
 * Whole business days from `from` until `due` (0 on the due day itself, negative once past):
 * what the admin queue shows as "due in N business days".
 */
export function businessDaysLeft(from: Date, due: Date, holidays: ReadonlySet<string> = new Set()): number {
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const end = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  const sign = end >= start ? 1 : -1;
  let n = 0;
  for (let t = start; t !== end; t += sign * DAY_MS) {
    const next = new Date(t + sign * DAY_MS);
    if (isBusinessDay(next, holidays)) n += sign;
  }
  return n;
}
