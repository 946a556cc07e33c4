import { AlertTriangle, CircleCheck, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useMediaStatus, useOwnMedia } from '../api';

export interface MediaStatusProps {
  mediaId: string;
  /** The post the file belongs to: its status is then read through the post (the spec's endpoint). */
  feedId?: string;
  /** Show the poster (videos) or thumbnail once ready. */
  showPreview?: boolean;
  className?: string;
  /** Called once when processing ends (ready or error), e.g. to reload the list it sits in. */
  onSettled?: (status: 'ready' | 'error') => void;
}

/** "Processing… 40%" → "Ready" (with the poster) or the error, for a file just uploaded. */
export function MediaStatus({ mediaId, feedId, showPreview = true, className, onSettled }: MediaStatusProps) {
  const { t } = useTranslation();
  const { data: status } = useMediaStatus(mediaId, feedId);
  const ready = status?.status === 'ready';
  const settled = status && status.status !== 'processing' ? status.status : null;
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  useEffect(() => {
    if (settled === 'ready' || settled === 'error') settledRef.current?.(settled);
  }, [settled]);
  const { data: file } = useOwnMedia(showPreview ? mediaId : null, ready);
  if (!status) return null;
  const preview = file?.posterUrl ?? file?.thumbnail;
  return (
    <div className={className} aria-live="polite">
      {status.status === 'processing' && (
        <div className="space-y-1.5">
          <p className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
            <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />{' '}
            {t('pages.media.processing', { n: status.progress })}
          </p>
          <ProgressBar value={status.progress} label={t('pages.media.processingLabel')} />
        </div>
      )}
      {status.status === 'ready' && (
        <div className="flex items-center gap-3">
          {preview && <img src={preview} alt={t('pages.media.poster')} className="h-16 w-28 rounded-lg object-cover" />}
          <p className="flex items-center gap-1.5 text-xs font-medium text-emerald-600 dark:text-emerald-400">
            <CircleCheck className="size-3.5" aria-hidden="true" /> {t('pages.media.ready')}
          </p>
        </div>
      )}
      {status.status === 'error' && (
        <p role="alert" className="flex items-center gap-1.5 text-xs font-medium text-red-600 dark:text-red-400">
          <AlertTriangle className="size-3.5" aria-hidden="true" /> {status.error ?? t('pages.media.failed')}
        </p>
      )}
    </div>
  );
}
