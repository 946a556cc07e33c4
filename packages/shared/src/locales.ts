/**
 * Interface languages (docs/i18n.md). English is the source; the spec's English texts stay as they are.
 * No zod here: the web app's first paint imports this file (schemas: locale-schemas.ts).
 */
export const LOCALES = ['en', 'es', 'de', 'fr', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
};

/** The supported locale closest to a browser or account tag ("pt" → "pt-BR", "de-AT" → "de"), else null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === base) ?? null;
}
