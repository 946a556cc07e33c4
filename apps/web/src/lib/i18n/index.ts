import { LOCALES, type Locale, matchLocale } from '@marquee/shared/locales';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { ptBR } from './locales/pt-BR';

export const RESOURCES = { en, es, de, fr, 'pt-BR': ptBR } satisfies Record<Locale, typeof en>;
export const LANG_STORAGE_KEY = 'lang';

/**
 * i18next for the interface (docs/i18n.md): the language stored on this device (set from the
 * account or the settings page), else the browser's, else English.
 */
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: Object.fromEntries(Object.entries(RESOURCES).map(([l, m]) => [l, { translation: m }])),
    supportedLngs: [...LOCALES],
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANG_STORAGE_KEY,
      caches: [],
      convertDetectedLanguage: (lng: string) => matchLocale(lng) ?? 'en',
    },
    returnNull: false,
  });

const setHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
// init() above has already picked the language (bundled resources): apply it, then follow changes.
setHtmlLang(i18n.resolvedLanguage ?? i18n.language ?? 'en');
i18n.on('languageChanged', setHtmlLang);

/** Switches the interface now and remembers it on this device. */
export async function switchLanguage(locale: Locale) {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, locale);
  } catch {
    // private mode: the account still remembers it
  }
  await i18n.changeLanguage(locale);
}

export const currentLocale = (): Locale => matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? 'en';

export default i18n;
