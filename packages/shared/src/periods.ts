/**
 * One definition of "the last N days" for every report (issue 31 item 6): N calendar days in UTC,
 * today included, from 00:00 UTC of the day N−1 days ago up to now. The admin dashboard, the studio
 * and the earnings page ask for the same window, so the same sales add up to the same figures.
 */
export function periodStart(days: number, now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
}

/** The UTC calendar days of a period, oldest first ("YYYY-MM-DD"), as the reports' by-day series list them. */
export function periodDays(days: number, now: Date = new Date()): string[] {
  const from = periodStart(days, now).getTime();
  return Array.from({ length: days }, (_, i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));
}
