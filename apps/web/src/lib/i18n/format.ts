import i18n, { currentLocale } from '.';

/** Dates, numbers and token amounts in the interface language (Intl; no extra data shipped). */
export function formatDate(
  value: string | Date,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale = currentLocale(),
) {
  return new Intl.DateTimeFormat(locale, opts).format(typeof value === 'string' ? new Date(value) : value);
}

/** Date and time with the fields `Date#toLocaleString()` shows by default. */
export const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

export function formatNumber(value: number, opts: Intl.NumberFormatOptions = {}, locale = currentLocale()) {
  return new Intl.NumberFormat(locale, opts).format(value);
}

/** Tokens always show two decimals ("1,234.50" / "1.234,50"); the token is not a currency. */
export function formatTokens(value: number, locale = currentLocale()) {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * A token or money amount as prices and balances show it: two decimals, no thousands separator.
 * It is `toFixed(2)` with the locale's decimal sign, so English is exactly what the pages showed
 * before ("1234.50", which e2e tests and the header balance parse) and German "1234,50". -0 shows as 0.
 */
export function formatAmount(value: number, locale = currentLocale()) {
  const fixed = (value + 0).toFixed(2);
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return decimal === '.' ? fixed : fixed.replace('.', decimal);
}

/**
 * The one way the site shows money (issue 31 item 5). Inside the site it is tokens, with their unit:
 * "12.50 tokens" / "12,50 Token" (balances, prices, earnings, the header's wallet pill).
 */
export function formatTokenAmount(value: number, locale = currentLocale()) {
  return i18n.t('wallet.tokens', { amount: formatAmount(value, locale), lng: locale });
}

/** Where money leaves the site (payouts, card charges) it is the currency: "$20.00" / "20,00 $". */
export function formatCurrency(value: number, currency = 'USD', locale = currentLocale()) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value + 0);
}

/** A token amount that is paid out as money (1 token = 1 unit of the site currency): "20.00 tokens ($20.00)". */
export function formatTokensAsMoney(value: number, currency = 'USD', locale = currentLocale()) {
  return `${formatTokenAmount(value, locale)} (${formatCurrency(value, currency, locale)})`;
}

export function formatBytes(bytes: number, locale = currentLocale()) {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.ceil(bytes / 1024), {}, locale)} KB`
    : `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 }, locale)} MB`;
}
