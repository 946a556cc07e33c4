import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/dialog';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { useMenus, useSettings } from '../../settings/api';
import { NAV_ITEMS } from '../nav-items';
import { LogoMark } from './logo';
import { MenuLink } from './menu-link';
import { SearchBox } from './search-box';
import { SideNav } from './side-nav';

const MAIN_PATHS = new Set(NAV_ITEMS.flatMap((i) => (typeof i.to === 'string' ? [i.to] : [])));

/** The sidebar on phones and tablets, opened by the header's menu button (sidebar open flag). */
export function MobileSidebar() {
  const open = useUiStore((s) => s.sidebarOpen);
  const { setSidebarOpen, openLogin, openRegister } = useUiStore.getState();
  const { siteName } = useSettings();
  // The site's header menu often repeats main entries (Explore…): list each path once.
  const menus = useMenus('header').filter((m) => !MAIN_PATHS.has(m.path.replace(/\/$/, '') || '/'));
  const { user } = useCurrentUser();
  const close = () => setSidebarOpen(false);
  const { t } = useTranslation();

  return (
    <Sheet open={open} onOpenChange={setSidebarOpen} title={t('layout.menu')}>
      <div id="mobile-sidebar" className="flex flex-1 flex-col gap-6 p-4 pt-5">
        <div className="flex items-center gap-2.5 pr-10">
          <LogoMark className="size-8" />
          <span className="text-lg font-extrabold tracking-tight">{siteName}</span>
        </div>
        <SearchBox onSubmitted={close} />
        <SideNav onNavigate={close} />
        {menus.length > 0 && (
          <nav
            aria-label={t('layout.siteNav')}
            className="flex flex-col gap-1 border-t border-zinc-200 pt-4 dark:border-zinc-800"
          >
            {menus.map((m) => (
              <MenuLink
                key={`${m.title}-${m.path}`}
                item={m}
                className="rounded-xl px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
              />
            ))}
          </nav>
        )}
        {!user && (
          <div className="mt-auto flex flex-col gap-2">
            <Button size="lg" onClick={() => openRegister('fan')}>
              {t('layout.signUp')}
            </Button>
            <Button variant="outline" size="lg" onClick={openLogin}>
              {t('layout.logIn')}
            </Button>
          </div>
        )}
      </div>
    </Sheet>
  );
}
