import { Moon, Sun } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { lazyNamed } from '../../../lib/lazy-named';
import { useUiStore } from '../../../lib/ui-store';
import type { CurrentUser } from '../../auth/types';

/*
 * The header's menus and the phone sidebar are drawn on first paint as plain look-alike triggers;
 * their code (Radix menus and dialogs) loads just after, so the first page does not wait for it
 * (docs/performance.md, web payload). A click on a placeholder is kept: the menu opens as soon as
 * its code is in, so a fast click on a slow connection is never lost.
 */
const ThemeToggleMenu = lazyNamed(() => import('../../theme/components/theme-toggle'), 'ThemeToggle');
const UserMenuMenu = lazyNamed(() => import('./user-menu'), 'UserMenu');
const MobileSidebarSheet = lazyNamed(() => import('./mobile-sidebar'), 'MobileSidebar');

const themeTrigger =
  'flex size-10 items-center justify-center rounded-full text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white';

export function ThemeToggle() {
  const [clicked, setClicked] = useState(false);
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <button type="button" aria-label={t('theme.label')} className={themeTrigger} onClick={() => setClicked(true)}>
          <Sun className="size-5 dark:hidden" aria-hidden="true" />
          <Moon className="hidden size-5 dark:block" aria-hidden="true" />
        </button>
      }
    >
      <ThemeToggleMenu defaultOpen={clicked} />
    </Suspense>
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const [clicked, setClicked] = useState(false);
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label={t('userMenu.label')}
          className="flex items-center rounded-full"
          onClick={() => setClicked(true)}
        >
          <Avatar src={user.avatar} alt="" size="sm" />
        </button>
      }
    >
      <UserMenuMenu user={user} defaultOpen={clicked} />
    </Suspense>
  );
}

/** Mounted the first time the sidebar opens, then kept (its closing animation). */
export function MobileSidebar() {
  const open = useUiStore((s) => s.sidebarOpen);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (!open && !used) return null;
  return (
    <Suspense fallback={null}>
      <MobileSidebarSheet />
    </Suspense>
  );
}
