import { MessagesSquare, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { usePageTitle } from '../../settings/hooks';
import { useMessagesStore } from '../store';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';

const STATUS_TEXT = {
  initialized: 'messages.connecting',
  reconnecting: 'messages.reconnecting',
  disconnect: 'messages.offline',
  failed: 'messages.connectionLost',
} as const;

/** The realtime status inside the messages screen (the header pill is hidden on phones). */
function ConnectionNotice() {
  const status = useUiStore((s) => s.realtimeStatus);
  const { t } = useTranslation();
  if (status === 'connected') return null;
  return (
    <output
      aria-live="polite"
      className="flex items-center justify-center gap-2 bg-amber-50 px-3 py-1.5 text-xs font-semibold text-amber-800 dark:bg-amber-950/40 dark:text-amber-300"
    >
      <WifiOff className="size-3.5" aria-hidden="true" />{' '}
      {t('messages.connectionNotice', { status: t(STATUS_TEXT[status]) })}
    </output>
  );
}

/** Spec §4 messages screen: list and thread side by side, separate screens on phones. */
export function MessagesPage({ conversationId }: { conversationId?: string }) {
  const { t } = useTranslation();
  usePageTitle(t('messages.title'));
  const { user } = useCurrentUser();
  const me = user?._id;
  const { received, deleted, read, catchUp, openError } = useMessagesStore();
  const status = useUiStore((s) => s.realtimeStatus);
  const wasConnected = useRef(false);

  useRealtimeEvent('message/created', received);
  useRealtimeEvent('message/deleted', deleted);
  useRealtimeEvent('conversation/read', (p) => read(p.conversationId, p.userId, me));

  // After a reconnect, catch up on what was missed while offline.
  useEffect(() => {
    if (status === 'connected') {
      if (wasConnected.current === false && useMessagesStore.getState().listStatus === 'success') void catchUp();
      wasConnected.current = true;
    } else if (status === 'disconnect' || status === 'failed' || status === 'reconnecting') {
      wasConnected.current = false;
    }
  }, [status, catchUp]);

  useEffect(() => {
    if (!conversationId) useUiStore.getState().setActiveConversation(null);
  }, [conversationId]);
  useEffect(() => () => useUiStore.getState().setActiveConversation(null), []);

  return (
    <div className="-mx-4 -my-6 sm:mx-0 sm:my-0">
      <ConnectionNotice />
      {openError && !conversationId && <p className="sr-only">{openError}</p>}
      <div className="grid h-[calc(100dvh-4rem)] grid-cols-[minmax(0,1fr)] overflow-hidden bg-white sm:h-[calc(100dvh-8rem)] sm:rounded-2xl sm:border sm:border-zinc-200 md:grid-cols-[20rem_minmax(0,1fr)] dark:bg-zinc-900 sm:dark:border-zinc-800">
        <aside
          className={cn(
            'min-h-0 border-zinc-200 md:border-r dark:border-zinc-800',
            conversationId ? 'hidden md:block' : 'block',
          )}
        >
          <ConversationList activeId={conversationId} me={me} />
        </aside>
        <div className={cn('min-h-0', conversationId ? 'block' : 'hidden md:block')}>
          {conversationId && me ? (
            <Thread
              key={conversationId}
              conversationId={conversationId}
              me={me}
              isCreator={Boolean(user?.isPerformer)}
            />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              className="m-6 h-[calc(100%-3rem)] border-0"
              title={t('messages.yourMessages')}
              description={t('messages.chooseConversation')}
            />
          )}
        </div>
      </div>
    </div>
  );
}
