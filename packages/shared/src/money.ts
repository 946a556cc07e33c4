/** Money is integer minor units (cents). These helpers never create or lose a cent. */

/** Converts a decimal amount of the site currency (e.g. 2.95) to cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Converts cents to a decimal amount for display (two decimals). */
export function fromCents(cents: number): number {
  return cents / 100;
}

export function formatMoney(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/**
 * Splits a gross amount into the creator's net and the platform's commission.
 * The commission is rounded up so that net + commission === gross exactly and the
 * platform takes the rounding remainder (business-rules: Money).
 */
export function splitCommission(grossCents: number, commissionPercent: number): { net: number; commission: number } {
  if (!Number.isInteger(grossCents) || grossCents < 0) throw new Error('gross must be a non-negative integer');
  const commission = Math.min(grossCents, Math.ceil((grossCents * commissionPercent) / 100));
  return { net: grossCents - commission, commission };
}

/** A share (e.g. a referral percentage) of an amount, rounded down: never more than was there. */
export function shareOf(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent) / 100);
}
