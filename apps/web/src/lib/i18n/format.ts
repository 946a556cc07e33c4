import { currentLocale } from '.';

/** Dates, numbers and token amounts in the interface language (Intl; no extra data shipped). */
export function formatDate(
  value: string | Date,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale = currentLocale(),
) {
  return new Intl.DateTimeFormat(locale, opts).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatNumber(value: number, opts: Intl.NumberFormatOptions = {}, locale = currentLocale()) {
  return new Intl.NumberFormat(locale, opts).format(value);
}

/** Tokens always show two decimals ("1,234.50" / "1.234,50"); the token is not a currency. */
export function formatTokens(value: number, locale = currentLocale()) {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

export function formatBytes(bytes: number, locale = currentLocale()) {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.ceil(bytes / 1024), {}, locale)} KB`
    : `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 }, locale)} MB`;
}
