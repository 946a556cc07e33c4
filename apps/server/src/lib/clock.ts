/** The server's clock. Tests move it with `setClockOffset` to travel in time (renewals, expiries). */
let offsetMs = 0;
export const now = (): Date => new Date(Date.now() + offsetMs);
export const setClockOffset = (ms: number): void => {
  offsetMs = ms;
};
export const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);
