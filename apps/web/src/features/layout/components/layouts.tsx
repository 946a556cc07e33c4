import type { LucideIcon } from 'lucide-react';
import { Construction, Globe2, MapPinOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/api';
import { useSettings } from '../../settings/api';
import { usePageTitle } from '../../settings/hooks';
import { Footer } from './footer';
import { Header } from './header';
import { MobileSidebar, ThemeToggle } from './lazy-parts';
import { Logo } from './logo';
import { SideNav } from './side-nav';

export type LayoutName = 'primary' | 'public' | 'blank';

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-full bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('layout.skipToContent')}
    </a>
  );
}

/** Header, sidebar (signed in, desktop), content and footer. */
export function PrimaryLayout({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <MobileSidebar />
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 sm:px-6">
        {user && (
          <aside
            className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-56 shrink-0 py-6 lg:block"
            aria-label={t('layout.sidebar')}
          >
            <SideNav />
          </aside>
        )}
        <main id="main" className="min-w-0 flex-1 py-6 sm:py-8">
          {children}
        </main>
      </div>
      <Footer />
    </div>
  );
}

/** Header, content and footer, no sidebar: marketing and CMS pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <MobileSidebar />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** Only the page: auth screens. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-brand-50 via-white to-violet-50 dark:from-zinc-950 dark:via-zinc-950 dark:to-brand-950/30">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-7xl items-center justify-between px-4 py-4 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 flex-col px-4 pb-10 sm:px-6">
        {children}
      </main>
    </div>
  );
}

function Notice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const { siteName } = useSettings();
  usePageTitle(title);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-br from-brand-50 via-white to-violet-50 px-6 text-center dark:from-zinc-950 dark:via-zinc-950 dark:to-brand-950/30">
      <main id="main" className="max-w-md">
        <span className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm dark:bg-zinc-900 dark:text-brand-400">
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">{title}</h1>
        <div className="mt-3 text-zinc-600 dark:text-zinc-400">{children}</div>
        <p className="mt-8 text-sm font-semibold text-zinc-500">{siteName}</p>
      </main>
    </div>
  );
}

export function MaintenanceLayout() {
  const { t } = useTranslation();
  return (
    <Notice icon={Construction} title={t('layout.maintenanceTitle')}>
      <p>{t('layout.maintenanceText')}</p>
      <p className="mt-4 text-sm">
        {t('layout.administrator')}{' '}
        <Link to="/auth/login" className="font-semibold text-brand-600 underline dark:text-brand-400">
          {t('layout.logIn')}
        </Link>
      </p>
    </Notice>
  );
}

export function GeoBlockLayout() {
  const { t } = useTranslation();
  return (
    <Notice icon={Globe2} title={t('layout.geoTitle')}>
      <p>{t('layout.geoText')}</p>
    </Notice>
  );
}

export function RegionBlockLayout() {
  const { t } = useTranslation();
  return (
    <Notice icon={MapPinOff} title={t('layout.regionTitle')}>
      <p>{t('layout.regionText')}</p>
    </Notice>
  );
}

export const LAYOUTS: Record<LayoutName, (props: { children: ReactNode }) => ReactNode> = {
  primary: PrimaryLayout,
  public: PublicLayout,
  blank: BlankLayout,
};
