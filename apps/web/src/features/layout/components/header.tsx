import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { HeaderInbox } from '../../messages/components/header-inbox';
import { RealtimeStatusPill } from '../../realtime/components/realtime-status-pill';
import { useMenus } from '../../settings/api';
import { HeaderBalance } from '../../wallet/components/header-balance';
import { ThemeToggle, UserMenu } from './lazy-parts';
import { Logo } from './logo';
import { MenuLink } from './menu-link';
import { SearchBox } from './search-box';

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const menus = useMenus('header');
  const sidebarOpen = useUiStore((s) => s.sidebarOpen);
  const { toggleSidebar, openLogin, openRegister } = useUiStore.getState();
  const { t } = useTranslation();

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/85 backdrop-blur-lg supports-[backdrop-filter]:bg-white/70 dark:border-zinc-800/80 dark:bg-zinc-950/85 dark:supports-[backdrop-filter]:bg-zinc-950/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={t('layout.openMenu')}
          aria-expanded={sidebarOpen}
          aria-controls="mobile-sidebar"
          onClick={toggleSidebar}
        >
          <Menu className="size-5" aria-hidden="true" />
        </Button>
        <Logo />
        {menus.length > 0 && (
          <nav aria-label={t('layout.siteNav')} className="ml-2 hidden items-center gap-1 xl:flex">
            {menus.map((m) => (
              <MenuLink
                key={`${m.title}-${m.path}`}
                item={m}
                className="rounded-full px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
              />
            ))}
          </nav>
        )}
        <SearchBox className="ml-auto hidden w-full max-w-xs md:block" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <RealtimeStatusPill />
          <ThemeToggle />
          {user && <HeaderBalance />}
          {user && <HeaderInbox />}
          {isLoading ? (
            <Skeleton className="size-9 rounded-full" />
          ) : user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Button variant="ghost" size="sm" className="h-10 px-3 sm:px-4" onClick={openLogin}>
                {t('layout.logIn')}
              </Button>
              <Button size="sm" className="h-10 px-4" onClick={() => openRegister('fan')}>
                {t('layout.signUp')}
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
