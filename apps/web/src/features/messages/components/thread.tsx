import { ArrowLeft, Ban } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useMessagesStore } from '../store';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

/** The active conversation: header, messages oldest first (load earlier prepends), composer. */
export function Thread({ conversationId, me, isCreator }: { conversationId: string; me: string; isCreator: boolean }) {
  const conversation = useMessagesStore((s) => s.byId[conversationId]);
  const thread = useMessagesStore((s) => s.threads[conversationId]);
  const open = useMessagesStore((s) => s.open);
  const loadOlder = useMessagesStore((s) => s.loadOlder);
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = thread?.items.at(-1)?._id;
  const firstId = thread?.items[0]?._id;
  const prevHeight = useRef(0);
  const { t } = useTranslation();

  useEffect(() => {
    void open(conversationId);
  }, [conversationId, open]);

  // New messages at the bottom scroll into view; older ones prepended keep the reading position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages are prepended
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && prevHeight.current) el.scrollTop += el.scrollHeight - prevHeight.current;
    prevHeight.current = 0;
  }, [firstId]);

  const name = conversation?.recipient?.name || conversation?.recipient?.username || t('messages.conversation');
  const profile = conversation?.recipient?.isPerformer
    ? `/${conversation.recipient.username ?? conversation.recipient._id}`
    : null;

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={t('messages.conversationWith', { name })}>
      <header className="flex items-center gap-3 border-b border-zinc-200 px-2 py-2 sm:px-4 dark:border-zinc-800">
        <Link
          to="/messages"
          className={buttonClasses('ghost', 'icon', 'md:hidden')}
          aria-label={t('messages.backToConversations')}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <Avatar src={conversation?.recipient?.avatar} alt="" name={conversation?.recipient?.name} size="sm" />
        <div className="min-w-0">
          {profile ? (
            <Link to={profile} className="block truncate font-semibold hover:underline">
              {name}
            </Link>
          ) : (
            <p className="truncate font-semibold">{name}</p>
          )}
          {conversation?.recipient?.username && (
            <p className="truncate text-xs text-zinc-500">@{conversation.recipient.username}</p>
          )}
        </div>
      </header>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto bg-zinc-50 px-2 py-3 sm:px-4 dark:bg-zinc-950/60">
        {!thread || thread.status === 'fetching' ? (
          <div className="flex h-full items-center justify-center">
            <Spinner />
          </div>
        ) : thread.status === 'error' ? (
          <EmptyState
            title={t('errors.tryAgain')}
            className="m-4"
            action={<Button onClick={() => void open(conversationId)}>{t('common.tryAgain')}</Button>}
          />
        ) : (
          <>
            {thread.offset < thread.total && (
              <div className="mb-3 flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  loading={thread.loadingMore}
                  onClick={() => {
                    prevHeight.current = scroller.current?.scrollHeight ?? 0;
                    void loadOlder(conversationId);
                  }}
                >
                  {t('messages.loadEarlier')}
                </Button>
              </div>
            )}
            {thread.items.length === 0 ? (
              <p className="mt-10 text-center text-sm text-zinc-500">{t('messages.sayHello')}</p>
            ) : (
              <ol className="space-y-2" aria-label={t('messages.title')} aria-live="polite">
                {thread.items.map((m) => (
                  <MessageBubble key={m.clientId ?? m._id} message={m} mine={m.senderId === me} />
                ))}
              </ol>
            )}
          </>
        )}
      </div>

      {conversation && !conversation.isActive ? (
        <p className="flex items-center gap-2 border-t border-zinc-200 bg-white p-4 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <Ban className="size-4 shrink-0" aria-hidden="true" /> {conversation.inactiveReason}
        </p>
      ) : (
        <Composer conversationId={conversationId} isCreator={isCreator} me={me} />
      )}
    </section>
  );
}
