/**
 * The currency model (docs/payments.md, "Currency"): the ledger counts tokens in cents, 1 token =
 * 1 unit of the site currency. Each payment records what its processor charges: the processor's
 * currency, the amount in that currency's minor units, and the rate used (processor units per
 * token). Today every processor is configured in the site currency, so the rate is 1 and the
 * minor amount is the cents (or whole units for currencies without minor units, e.g. JPY).
 */

/** ISO 4217 currencies with no minor unit among those the processors take. */
const ZERO_DECIMALS = new Set(['JPY', 'KRW', 'CLP', 'ISK', 'VND']);

export const minorDigits = (currency: string) => (ZERO_DECIMALS.has(currency.toUpperCase()) ? 0 : 2);

/** The processor's side of a charge of `cents` (token cents) at `rate` processor units per token. */
export function processorAmount(currency: string, cents: number, rate = 1) {
  const digits = minorDigits(currency);
  return {
    processorCurrency: currency.toUpperCase(),
    processorAmountMinor: Math.round((cents * rate) / 10 ** (2 - digits)),
    fxRate: String(rate),
  };
}
