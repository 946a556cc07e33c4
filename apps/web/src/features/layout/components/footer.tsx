import { LOCALE_NAMES, LOCALES, type Locale } from '@marquee/shared/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale, switchLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../auth/api';
import { useMenus, useSettings } from '../../settings/api';
import { LogoMark } from './logo';
import { MenuLink } from './menu-link';

const LEGAL_LINKS = [
  { title: 'footer.terms', path: '/page/terms-of-service' },
  { title: 'footer.privacy', path: '/page/privacy-policy' },
  { title: 'footer.cookies', path: '/page/cookie-policy' },
  { title: 'footer.records2257', path: '/2257' },
] as const;

const linkClasses =
  'text-sm text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-white';

/** The interface language for a visitor (a signed-in user's is on the account and set on the account page). */
function FooterLanguage() {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useCurrentUser();
  if (user) return null;
  return (
    <div className="mt-4 flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-600 dark:text-zinc-400">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={currentLocale()}
        onChange={(e) => {
          const locale = e.target.value as Locale;
          if (LOCALES.includes(locale)) void switchLanguage(locale);
        }}
        className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Footer() {
  const { siteName } = useSettings();
  const menus = useMenus('footer');
  const { t } = useTranslation();
  // The admin's footer menus replace the built-in legal links once any exist.
  const legal = menus.length > 0 ? [] : LEGAL_LINKS;
  return (
    <footer className="mt-16 border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr]">
        <div>
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-8" />
            <span className="text-base font-extrabold tracking-tight">{siteName}</span>
          </div>
          <p className="mt-3 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t('footer.tagline')}</p>
          <FooterLanguage />
        </div>
        {menus.length > 0 && (
          <nav aria-label={t('footer.label')}>
            <h2 className="mb-3 text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400">
              {siteName}
            </h2>
            <ul className="space-y-2">
              {menus.map((m) => (
                <li key={`${m.title}-${m.path}`}>
                  <MenuLink item={m} className={linkClasses} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        {legal.length > 0 && (
          <nav aria-label={t('footer.legal')}>
            <h2 className="mb-3 text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400">
              {t('footer.legal')}
            </h2>
            <ul className="space-y-2">
              {legal.map((l) => (
                <li key={l.path}>
                  <Link to={l.path} className={linkClasses}>
                    {t(l.title)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-zinc-500 sm:px-6 dark:text-zinc-400">
          {t('footer.rights', { year: new Date().getFullYear(), siteName })}
        </p>
      </div>
    </footer>
  );
}
