/**
 * Exchange-rate sources for processors that charge in another currency than the site's
 * (docs/payments.md, "Currency"): how many processor units one site unit (one token) is worth.
 *
 * - `fixed`: a table the admin sets, `{ EUR: 0.92, GBP: 0.79 }` = units of each currency per site unit;
 * - `ecb`: the European Central Bank's daily euro reference rates
 *   (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html):
 *   `GET https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml`, updated around 16:00 CET on
 *   working days, every rate quoted against the euro: `<Cube time='YYYY-MM-DD'><Cube currency='USD'
 *   rate='1.0512'/>…`. A cross rate goes through the euro: USD → GBP = rate(GBP) / rate(USD).
 *
 * Neither is wired into checkouts yet: every processor charges in the site currency (rate 1).
 */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export interface RateTable {
  /** The day the rates are for (ECB), or null (the admin's table). */
  date: string | null;
  /** Units of each currency per one unit of `base`. */
  base: string;
  rates: Record<string, number>;
}

/** The ECB daily file: the euro's rate in every currency it lists (EUR itself = 1). */
export function parseEcbDaily(xml: string): RateTable {
  const day = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml);
  const rates: Record<string, number> = { EUR: 1 };
  for (const m of xml.matchAll(/<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]\s*\/?>/g)) {
    const rate = Number(m[2]);
    if (Number.isFinite(rate) && rate > 0) rates[m[1]] = rate;
  }
  if (!day || Object.keys(rates).length < 2) throw new Error('The ECB reference rates could not be read');
  return { date: day[1], base: 'EUR', rates };
}

export async function fetchEcbRates(url = ECB_DAILY_URL, timeoutMs = 10_000): Promise<RateTable> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`The ECB answered ${res.status}`);
  return parseEcbDaily(await res.text());
}

/** Units of `to` per unit of `from` through the table's base; null when either is missing. */
export function crossRate(table: RateTable, from: string, to: string): number | null {
  if (from === to) return 1;
  const f = from === table.base ? 1 : table.rates[from];
  const t = to === table.base ? 1 : table.rates[to];
  if (!f || !t) return null;
  return Math.round((t / f) * 1e6) / 1e6;
}

/** The admin's fixed table (units per site unit) as a rate table based on the site currency. */
export const fixedTable = (siteCurrency: string, rates: Record<string, number>): RateTable => ({
  date: null,
  base: siteCurrency,
  rates,
});

/** What a processor charges for `cents` tokens at `rate` (its minor units; zero-decimal currencies whole). */
export function processorAmount(cents: number, rate: number, minorDigits = 2): number {
  return Math.round((cents / 100) * rate * 10 ** minorDigits);
}
