import { MessagesSquare, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClasses } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/i18n/format';
import { useMessagesStore } from '../store';

function when(iso: string | null) {
  if (!iso) return '';
  const d = new Date(iso);
  const today = new Date();
  return d.toDateString() === today.toDateString()
    ? formatDate(d, { hour: 'numeric', minute: '2-digit' })
    : formatDate(d, { month: 'short', day: 'numeric' });
}

export function UnreadCount({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] leading-5 font-bold text-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** Spec §4 conversation list: de-duplicated ids, load more appends, a failure shows an empty list. */
export function ConversationList({ activeId, me }: { activeId?: string; me?: string }) {
  const { ids, byId, listStatus, total, page, loadConversations } = useMessagesStore();
  const [q, setQ] = useState('');
  const { t } = useTranslation();

  useEffect(() => {
    const timer = setTimeout(() => void loadConversations(1, q.trim()), q ? 300 : 0);
    return () => clearTimeout(timer);
  }, [q, loadConversations]);

  const firstLoad = listStatus === 'requesting' && ids.length === 0;
  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-zinc-200 p-3 dark:border-zinc-800">
        <h1 className="mb-2 text-lg font-bold">{t('messages.title')}</h1>
        <label className="relative block">
          <span className="sr-only">{t('messages.searchConversations')}</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('messages.search')}
            className={cn(inputClasses, 'h-9 pl-9')}
          />
        </label>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {firstLoad ? (
          <ul className="space-y-1 p-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="flex items-center gap-3 p-2">
                <Skeleton className="size-11 rounded-full" />
                <div className="flex-1 space-y-1.5">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-48" />
                </div>
              </li>
            ))}
          </ul>
        ) : ids.length === 0 ? (
          <EmptyState
            icon={MessagesSquare}
            className="m-3 border-0"
            title={q ? t('messages.noMatch') : t('messages.noConversations')}
            description={q ? undefined : t('messages.noConversationsText')}
          />
        ) : (
          <ul aria-label={t('messages.conversations')} className="p-1.5">
            {ids.map((id) => {
              const c = byId[id];
              if (!c) return null;
              const name = c.recipient?.name || c.recipient?.username || t('messages.conversation');
              const active = id === activeId;
              return (
                <li key={id}>
                  <Link
                    to={`/messages/${id}`}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-xl p-2.5 hover:bg-zinc-100 dark:hover:bg-zinc-800/70',
                      active && 'bg-brand-50 hover:bg-brand-50 dark:bg-brand-950/40 dark:hover:bg-brand-950/40',
                    )}
                  >
                    <Avatar src={c.recipient?.avatar} alt="" name={c.recipient?.name} size="md" className="size-11" />
                    <div className="min-w-0 flex-1">
                      <div className="flex items-baseline justify-between gap-2">
                        <span
                          className={cn('truncate text-sm', c.totalNotSeenMessages > 0 ? 'font-bold' : 'font-semibold')}
                        >
                          {name}
                        </span>
                        <span className="shrink-0 text-[11px] text-zinc-500">{when(c.lastMessageCreatedAt)}</span>
                      </div>
                      <div className="flex items-center justify-between gap-2">
                        <span
                          className={cn(
                            'truncate text-sm',
                            c.totalNotSeenMessages > 0
                              ? 'text-zinc-900 dark:text-zinc-100'
                              : 'text-zinc-500 dark:text-zinc-400',
                          )}
                        >
                          {c.lastMessageSenderId === me && c.lastMessage
                            ? t('messages.fromMe', { text: c.lastMessage })
                            : c.lastMessage || t('messages.noMessages')}
                        </span>
                        <UnreadCount count={c.totalNotSeenMessages} />
                      </div>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {ids.length > 0 && ids.length < total && (
          <div className="p-3">
            <Button
              variant="outline"
              className="w-full"
              loading={listStatus === 'requesting'}
              onClick={() => void loadConversations(page + 1)}
            >
              {t('common.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
