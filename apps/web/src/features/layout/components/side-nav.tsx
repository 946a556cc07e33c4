import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../auth/api';
import { NAV_ITEMS } from '../nav-items';

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  const items = NAV_ITEMS.filter(
    (item) =>
      (!item.auth || user) &&
      (!item.performerOnly || user?.isPerformer) &&
      (!item.adminOnly || user?.role === 'admin' || user?.staffRole === 'moderator'),
  );
  const resolve = (item: (typeof items)[number]) =>
    typeof item.to === 'function' ? (user ? item.to(user) : '/') : item.to;
  const paths = items.map(resolve);
  return (
    <nav aria-label={t('layout.mainNav')} className="flex flex-col gap-1">
      {items.map((item) => {
        const to = resolve(item);
        // Exact match when another entry lives under this path (Bookmarks vs Saved posts).
        const end = to === '/' || paths.some((p) => p.startsWith(`${to}/`));
        const Icon = item.icon;
        return (
          <NavLink
            key={item.label}
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-xl px-3 py-2.5 text-[15px] font-medium transition-colors',
                isActive
                  ? 'bg-brand-50 text-brand-700 dark:bg-brand-950/50 dark:text-brand-300'
                  : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800/70 dark:hover:text-white',
              )
            }
          >
            <Icon className="size-5" aria-hidden="true" />
            {t(`nav.${item.label}`)}
          </NavLink>
        );
      })}
    </nav>
  );
}
