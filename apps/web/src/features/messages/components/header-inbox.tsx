import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../auth/api';
import { CountBadge, NotificationBell } from '../../notifications/components/notification-bell';
import { useUnreadMessages } from '../api';

/** Header links for a signed-in user: messages with the unread message total, and the notification bell. */
export function HeaderInbox() {
  const { isLoggedIn } = useCurrentUser();
  const unread = useUnreadMessages();
  const { t } = useTranslation();
  if (!isLoggedIn) return null;
  return (
    <>
      <Link
        to="/messages"
        className={cn(buttonClasses('ghost', 'icon'), 'relative')}
        aria-label={unread > 0 ? t('inbox.messagesUnread', { count: unread }) : t('inbox.messages')}
        data-testid="messages-link"
      >
        <MessageCircle className="size-5" aria-hidden="true" />
        <CountBadge count={unread} />
      </Link>
      <NotificationBell />
    </>
  );
}
