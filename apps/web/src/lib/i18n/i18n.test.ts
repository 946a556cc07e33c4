import { ERROR_TEXTS } from '@marquee/shared/errors';
import { LOCALES } from '@marquee/shared/locales';
import { NOTIFICATION_KINDS } from '@marquee/shared/notifications';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '../../features/layout/nav-items';
import {
  formatAmount,
  formatCurrency,
  formatDate,
  formatTokenAmount,
  formatTokens,
  formatTokensAsMoney,
} from './format';
import i18n from './index';
import { RESOURCES } from './resources';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** `<terms>…</terms>` markers that `<Trans>` fills with elements. */
const tags = (s: string) => [...s.matchAll(/<\/?(\w+)>/g)].map((m) => m[0]).sort();
function lookup(o: object, key: string): string {
  return key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], o) as string;
}

describe('translations', () => {
  const english = keys(RESOURCES.en);

  it.each(LOCALES)('%s has every English key, no other, none empty, with the same placeholders', (locale) => {
    const messages = RESOURCES[locale];
    expect(keys(messages).sort()).toEqual([...english].sort());
    for (const key of english) {
      const text = lookup(messages, key);
      expect(text.trim(), `${locale}: ${key}`).not.toBe('');
      expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(lookup(RESOURCES.en, key)));
      expect(tags(text), `${locale}: ${key}`).toEqual(tags(lookup(RESOURCES.en, key)));
    }
  });

  it('every navigation item has a translation, and English keeps the exact labels', () => {
    for (const item of NAV_ITEMS) expect(lookup(RESOURCES.en, `nav.${item.label}`)).toBe(item.label);
  });

  it('English keeps the spec texts exactly (error catalogue, notification kinds)', () => {
    expect(RESOURCES.en.errors).toEqual(ERROR_TEXTS);
    expect(RESOURCES.en.notifications.kinds).toEqual(
      Object.fromEntries(Object.entries(NOTIFICATION_KINDS).map(([kind, { label }]) => [kind, label])),
    );
  });

  it('the other languages really are translated (no English copies of whole sections)', () => {
    const english = keys(RESOURCES.en);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const same = english.filter((key) => lookup(RESOURCES[locale], key) === lookup(RESOURCES.en, key));
      // Brand names, "Fan", "Video", "CVC", "{{n}} min"… may coincide; most texts may not.
      expect(same.length / english.length, `${locale}: ${same.join(', ')}`).toBeLessThan(0.12);
    }
  });

  it('amounts: exactly toFixed(2) in English, the decimal comma in German, never -0', () => {
    for (const n of [0, 1, 2.95, 4.99, 1234.5, 1.005, 10000, 123456.789])
      expect(formatAmount(n, 'en')).toBe(n.toFixed(2));
    expect(formatAmount(1234.5, 'de')).toBe('1234,50');
    expect(formatAmount(-0, 'en')).toBe('0.00');
  });

  it('money one way: tokens with their unit inside the site, the currency where it leaves (issue 31)', async () => {
    await i18n.loadLanguages('de');
    expect(formatTokenAmount(39.01, 'en')).toBe('39.01 tokens');
    expect(formatTokenAmount(39.01, 'de')).toBe('39,01 Token');
    expect(formatCurrency(20, 'USD', 'en')).toBe('$20.00');
    expect(formatCurrency(20, 'USD', 'de')).toBe('20,00\u00a0$');
    expect(formatTokensAsMoney(80, 'USD', 'en')).toBe('80.00 tokens ($80.00)');
  });

  it('switches language and formats dates and tokens for the locale', async () => {
    await i18n.changeLanguage('de');
    expect(i18n.t('nav.Wallet')).toBe('Wallet');
    expect(i18n.t('privacy.download')).toBe('Meine Daten herunterladen');
    expect(formatTokens(1234.5)).toBe('1.234,50');
    expect(formatDate('2026-12-01T12:00:00Z')).toBe('01.12.2026');
    await i18n.changeLanguage('pt-BR');
    expect(i18n.t('nav.Home')).toBe('Início');
    expect(formatTokens(1234.5)).toBe('1.234,50');
    await i18n.changeLanguage('en');
    expect(formatTokens(1234.5)).toBe('1,234.50');
  });
});
