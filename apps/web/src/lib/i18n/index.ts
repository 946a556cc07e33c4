import { LOCALES, type Locale, matchLocale } from '@marquee/shared/locales';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from './locales/en';
import { enShell } from './locales/en-shell';

export type Messages = typeof en;
export const LANG_STORAGE_KEY = 'lang';

/**
 * The other languages are separate chunks, fetched when chosen: the first load carries the English
 * shell only (the bench's first-load budget; the rest of English comes with each route,
 * `english.ts`), a German visitor fetches German before the first render.
 */
const OTHER_LOCALES: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  es: () => import('./locales/es').then((m) => m.es),
  de: () => import('./locales/de').then((m) => m.de),
  fr: () => import('./locales/fr').then((m) => m.fr),
  'pt-BR': () => import('./locales/pt-BR').then((m) => m.ptBR),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = OTHER_LOCALES[language as keyof typeof OTHER_LOCALES];
    if (!load) return callback(null, {});
    load().then(
      (messages) => callback(null, messages),
      (err: Error) => callback(err, null),
    );
  },
};

/** The language stored on this device (from the account or the settings page), else the browser's, else English. */
function detectLocale(): Locale {
  try {
    const stored = matchLocale(localStorage.getItem(LANG_STORAGE_KEY));
    if (stored) return stored;
  } catch {
    // storage blocked: the browser's languages decide
  }
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return 'en';
}

/** Resolves once the detected language's texts are loaded: main.tsx renders after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    // A copy: the routes' namespaces are added to this bundle (english.ts), not to en-shell.ts's object.
    resources: { en: { translation: { ...enShell } } },
    partialBundledLanguages: true,
    supportedLngs: [...LOCALES],
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

const setHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
setHtmlLang(i18n.language ?? 'en');
i18n.on('languageChanged', setHtmlLang);

/** Switches the interface now (fetching the language's texts if needed) and remembers it on this device. */
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
