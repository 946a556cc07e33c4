import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Coins, LogOut, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatNumber } from '../../../lib/i18n/format';
import { useLogout } from '../../auth/hooks';
import type { CurrentUser } from '../../auth/types';
import { menuContentClasses, menuItemClasses } from '../../theme/components/menu-classes';

/** `defaultOpen`: the menu opens as it mounts (the header's placeholder was clicked while this loaded). */
export function UserMenu({ user, defaultOpen = false }: { user: CurrentUser; defaultOpen?: boolean }) {
  const logout = useLogout();
  const { t } = useTranslation();
  const display = user.name || user.username || t('userMenu.account');
  const accountPath = user.isPerformer ? '/creator/account' : '/user/account';
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={t('userMenu.label')} className="flex items-center rounded-full">
        <Avatar src={user.avatar} alt="" name={user.name} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={`${menuContentClasses} w-64`}>
          <div className="flex items-center gap-3 px-3 py-2.5">
            <Avatar src={user.avatar} alt="" name={user.name} size="md" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-zinc-900 dark:text-white">{display}</p>
              {user.username && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">@{user.username}</p>}
            </div>
          </div>
          <div className="mx-3 mb-1.5 flex items-center justify-between rounded-xl bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800">
            <span className="flex items-center gap-2 text-zinc-600 dark:text-zinc-300">
              <Coins className="size-4 text-amber-500" aria-hidden="true" /> {t('userMenu.balance')}
            </span>
            <span className="font-semibold tabular-nums text-zinc-900 dark:text-white">
              {t('wallet.tokens', { amount: formatNumber(user.balance ?? 0) })}
            </span>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          {user.isPerformer && user.username && (
            <DropdownMenu.Item asChild className={menuItemClasses}>
              <Link to={`/${user.username}`}>
                <UserRound className="size-4" aria-hidden="true" /> {t('nav.My profile')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <Link to={accountPath}>
              <Settings className="size-4" aria-hidden="true" /> {t('userMenu.accountSettings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => void logout()}>
            <LogOut className="size-4" aria-hidden="true" /> {t('userMenu.logOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
