import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useUnreadNotifications } from '../api';

export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 inline-flex min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-[1.125rem] font-bold text-white ring-2 ring-white dark:ring-zinc-950"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The header bell: unread notifications, live. */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const { t } = useTranslation();
  return (
    <Link
      to="/notifications"
      className={cn(buttonClasses('ghost', 'icon'), 'relative')}
      aria-label={unread > 0 ? t('inbox.notificationsUnread', { count: unread }) : t('inbox.notifications')}
    >
      <Bell className="size-5" aria-hidden="true" />
      <CountBadge count={unread} />
    </Link>
  );
}
