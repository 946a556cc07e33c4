import type { MediaFile } from '@marquee/shared/media';
import { AlertCircle, Loader2, Lock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/i18n/format';
import { ME_KEY } from '../../auth/api';
import { VideoPlayer } from '../../catalogue/components/video-player';
import { tokens } from '../../wallet/api';
import { UnlockDialog } from '../../wallet/components/unlock-dialog';
import { unlockMessage } from '../api';
import { type ThreadMessage, useMessagesStore } from '../store';

const time = (iso: string) => formatDate(iso, { hour: 'numeric', minute: '2-digit' });

function Attachment({ file, locked }: { file: MediaFile; locked: boolean }) {
  const { t } = useTranslation();
  if (locked || !file.url) {
    return (
      <div className="relative overflow-hidden rounded-xl bg-zinc-800">
        {file.blurredUrl ? (
          <img src={file.blurredUrl} alt="" className="aspect-[4/5] w-full object-cover opacity-80" />
        ) : (
          <div className="aspect-[4/5] w-full" />
        )}
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-black/50 text-white">
            {file.status === 'processing' ? (
              <Loader2 className="size-6 animate-spin" aria-label={t('messages.processing')} />
            ) : (
              <Lock className="size-6" aria-label={t('messages.locked')} />
            )}
          </span>
        </span>
      </div>
    );
  }
  if (file.type === 'video') {
    return <VideoPlayer file={file} className="w-full rounded-xl bg-black" />;
  }
  return (
    <a href={file.url} target="_blank" rel="noreferrer">
      <img
        src={file.thumbnail ?? file.url}
        alt={t('messages.attached')}
        className="w-full rounded-xl object-cover"
        loading="lazy"
      />
    </a>
  );
}

export function MessageBubble({ message, mine }: { message: ThreadMessage; mine: boolean }) {
  const [confirm, setConfirm] = useState(false);
  // Short of tokens: the wallet confirmation with the balance and the "top up and come back" path.
  const [short, setShort] = useState(false);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const { remove, refreshMessage } = useMessagesStore.getState();
  const locked = !message.isBought && message.isSale;

  async function unlock() {
    setBusy(true);
    try {
      await unlockMessage(message._id);
      await refreshMessage(message.conversationId);
      void mutate(ME_KEY);
      toast.success(t('messages.unlocked'));
    } catch (err) {
      if ((err as { statusCode?: number })?.statusCode === 402) setShort(true);
      else toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={cn('group flex', mine ? 'justify-end' : 'justify-start')} data-message-id={message._id}>
      <div className={cn('flex max-w-[85%] items-end gap-1.5 sm:max-w-[70%]', mine && 'flex-row-reverse')}>
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2 text-sm shadow-sm',
            mine
              ? 'rounded-br-md bg-brand-600 text-white'
              : 'rounded-bl-md bg-white text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100',
            message.isDeleted &&
              'bg-transparent italic text-zinc-500 shadow-none ring-1 ring-zinc-300 dark:bg-transparent dark:text-zinc-400 dark:ring-zinc-700',
          )}
        >
          {message.isDeleted ? (
            <p>{t('errors.messageDeleted')}</p>
          ) : (
            <>
              {message.files.length > 0 && (
                <div className={cn('mb-1.5 grid gap-1.5', message.files.length > 1 ? 'grid-cols-2' : 'w-56 sm:w-64')}>
                  {message.files.map((f) => (
                    <Attachment key={f._id} file={f} locked={locked} />
                  ))}
                </div>
              )}
              {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
              {message.isSale && (
                <div className={cn('mt-1.5 flex items-center gap-2 text-xs', mine ? 'text-white/80' : 'text-zinc-500')}>
                  <Lock className="size-3.5" aria-hidden="true" />
                  {mine
                    ? t('messages.paidMessage', { amount: tokens(message.price) })
                    : locked
                      ? tokens(message.price)
                      : t('messages.unlocked')}
                </div>
              )}
              {locked && !mine && (
                <Button size="sm" className="mt-2 w-full" loading={busy} onClick={() => void unlock()}>
                  {t('messages.unlockFor', { amount: tokens(message.price) })}
                </Button>
              )}
            </>
          )}
          <p
            className={cn(
              'mt-1 flex items-center gap-1 text-[11px]',
              mine && !message.isDeleted ? 'text-white/90' : 'text-zinc-500 dark:text-zinc-400',
            )}
          >
            {message.pending === 'sending' && (
              <Loader2 className="size-3 animate-spin" aria-label={t('messages.sending')} />
            )}
            {message.pending === 'error' && (
              <span className="flex items-center gap-1 text-red-200">
                <AlertCircle className="size-3" aria-hidden="true" /> {t('messages.notSent')}
              </span>
            )}
            <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
          </p>
        </div>
        {mine && !message.isDeleted && !message.pending && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
            aria-label={t('messages.deleteMessage')}
            onClick={() => setConfirm(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <UnlockDialog
        open={short}
        onOpenChange={setShort}
        title={t('messages.unlockTitle')}
        price={message.price}
        onConfirm={() => unlockMessage(message._id)}
        card={{ type: 'message', id: message._id }}
        onDone={() => void refreshMessage(message.conversationId)}
        successMessage={t('messages.unlocked')}
      />
      <Dialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('messages.deleteTitle')}
        description={t('messages.deleteText', { deleted: t('errors.messageDeleted') })}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirm(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                const ok = await remove(message._id, message.conversationId);
                setBusy(false);
                setConfirm(false);
                if (!ok) toast.error(useMessagesStore.getState().openError ?? t('errors.tryAgain'));
              }}
            >
              {t('common.delete')}
            </Button>
          </>
        }
      />
    </li>
  );
}
