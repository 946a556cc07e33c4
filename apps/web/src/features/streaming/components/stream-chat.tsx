import type { Message } from '@marquee/shared/messages';
import { Gift, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { type ChatMessage, useStreamChat } from '../hooks/use-stream-chat';

function ChatLine({
  message,
  overlay,
  canDelete,
  onDelete,
}: {
  message: ChatMessage;
  overlay: boolean;
  canDelete: boolean;
  onDelete: (m: Message) => void;
}) {
  const { t } = useTranslation();
  const name = message.sender?.name ?? message.sender?.username ?? 'Someone';
  const tip = message.type === 'tip';
  return (
    <li
      className={cn(
        'group flex items-start gap-2 rounded-xl px-2 py-1 text-sm',
        tip && (overlay ? 'bg-amber-500/30' : 'bg-amber-50 dark:bg-amber-950/40'),
        message.pending && 'opacity-60',
      )}
      data-testid={tip ? 'chat-tip' : 'chat-message'}
    >
      {tip ? (
        <Gift className="mt-0.5 size-5 shrink-0 text-amber-500" aria-hidden="true" />
      ) : (
        <Avatar src={message.sender?.avatar} alt="" size="sm" className="size-6 shrink-0" />
      )}
      <p className="min-w-0 flex-1 break-words">
        <span className={cn('mr-1.5 font-semibold', overlay ? 'text-white' : 'text-zinc-900 dark:text-white')}>
          {name}
        </span>
        <span
          className={cn(
            message.isDeleted ? 'italic opacity-70' : overlay ? 'text-white/95' : 'text-zinc-700 dark:text-zinc-300',
          )}
        >
          {message.isDeleted ? t('streaming.chat.deleted') : message.text}
        </span>
      </p>
      {canDelete && !message.isDeleted && !message.pending && (
        <button
          type="button"
          onClick={() => onDelete(message)}
          className="rounded-full p-1 text-zinc-400 opacity-70 hover:bg-zinc-100 hover:text-red-600 focus-visible:opacity-100 group-hover:opacity-100 dark:hover:bg-zinc-800"
          aria-label={t('streaming.chat.deleteFrom', { name })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}

/**
 * The live chat of a stream. `overlay` draws it over the video (phones); `panel` is a card column.
 * Creators (and admins) may delete messages.
 */
export function StreamChat({
  streamId,
  conversationId,
  canModerate = false,
  muted = false,
  variant = 'panel',
  className,
  onClearAll,
}: {
  streamId: string;
  conversationId: string | null;
  canModerate?: boolean;
  muted?: boolean;
  variant?: 'panel' | 'overlay';
  className?: string;
  onClearAll?: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const chat = useStreamChat(streamId, conversationId, !user);
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const overlay = variant === 'overlay';
  const inputId = useId();

  // Follow new messages while the viewer is at the bottom of the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the number of lines changes
  useEffect(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [chat.items.length]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || !user) return;
    setText('');
    const error = await chat.send(value, {
      _id: user._id,
      username: user.username ?? null,
      name: user.name ?? user.username ?? '',
      avatar: user.avatar ?? '',
      isPerformer: user.isPerformer,
    });
    if (error) {
      setText(value);
      toast.error(error);
    }
  };

  const remove = async (m: Message) => {
    try {
      await chat.remove(m);
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  return (
    <section
      aria-label={t('streaming.chat.title')}
      className={cn(
        'flex min-h-0 flex-col',
        overlay
          ? 'text-white'
          : 'rounded-2xl border border-zinc-200/80 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
      data-testid="stream-chat"
    >
      {!overlay && (
        <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <h2 className="font-semibold">{t('streaming.chat.title')}</h2>
          {canModerate && onClearAll && (
            <Button size="sm" variant="ghost" onClick={onClearAll}>
              {t('streaming.chat.clear')}
            </Button>
          )}
        </div>
      )}
      <ol
        ref={listRef}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          if (el.scrollTop < 20 && chat.hasOlder) void chat.loadOlder();
        }}
        className={cn(
          'flex-1 space-y-0.5 overflow-y-auto overscroll-contain',
          overlay ? 'px-1 py-1 [mask-image:linear-gradient(to_bottom,transparent,black_25%)]' : 'px-2 py-2',
        )}
        aria-label={t('streaming.chat.history')}
        aria-live="polite"
        aria-relevant="additions"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {chat.status === 'loaded' && chat.items.length === 0 && (
          <li className={cn('px-2 py-6 text-center text-sm', overlay ? 'text-white/80' : 'text-zinc-500')}>
            {t('streaming.chat.empty')}
          </li>
        )}
        {chat.items.map((m) => (
          <ChatLine key={m._id} message={m} overlay={overlay} canDelete={canModerate} onDelete={remove} />
        ))}
      </ol>
      <div className={cn(overlay ? 'pt-2' : 'border-t border-zinc-200 p-3 dark:border-zinc-800')}>
        {!user ? (
          <p className={cn('text-sm', overlay ? 'text-white/90' : 'text-zinc-600 dark:text-zinc-400')}>
            <button type="button" className="font-semibold underline" onClick={() => useUiStore.getState().openLogin()}>
              {t('streaming.chat.logIn')}
            </button>{' '}
            {t('streaming.chat.toChat')}
          </p>
        ) : muted ? (
          <p className={cn('text-sm', overlay ? 'text-white/90' : 'text-zinc-600 dark:text-zinc-400')} role="status">
            {t('streaming.chat.muted')}
          </p>
        ) : (
          <form onSubmit={submit} className="flex items-center gap-2">
            <label htmlFor={inputId} className="sr-only">
              {t('streaming.chat.message')}
            </label>
            <input
              id={inputId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={1000}
              autoComplete="off"
              placeholder={t('streaming.chat.placeholder')}
              className={cn(
                'h-10 min-w-0 flex-1 rounded-full px-4 text-[15px] focus-visible:outline-2 focus-visible:outline-brand-500',
                overlay
                  ? 'border border-white/30 bg-black/40 text-white placeholder:text-white/70'
                  : 'border border-zinc-300 bg-white text-zinc-900 placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100',
              )}
            />
            <Button type="submit" size="icon" aria-label={t('streaming.chat.send')} disabled={!text.trim()}>
              <Send className="size-4" aria-hidden="true" />
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
