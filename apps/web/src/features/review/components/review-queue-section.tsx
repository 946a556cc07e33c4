import { AlertTriangle, Check, ChevronLeft, ChevronRight, ShieldQuestion, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { DATE_TIME, formatDate } from '../../../lib/i18n/format';
import { Badge, SectionTitle, Select, TextArea } from '../../admin/components/kit';
import { QueueReleases, StreamIdentityChecks } from '../../releases/components/queue-releases';
import {
  formatWait,
  REVIEW_REASONS,
  type ReviewQueueItem,
  type ReviewReason,
  refreshReview,
  reviewApi,
  useReviewQueue,
} from '../api';

/** The queue's keys (shown on the buttons; the keydown handler reads the same letters). */
const SHORTCUTS = { approve: 'a', reject: 'r', escalate: 'e' } as const;

type Filter = 'open' | 'pending' | 'escalated';

/** Media of the item, large: photos as images, videos playable, the rest as links. */
function ItemMedia({ item }: { item: ReviewQueueItem }) {
  const { t } = useTranslation();
  if (item.media.length === 0) return <p className="text-sm text-zinc-500">{t('review.noMedia')}</p>;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {item.media.map((m) =>
        m.kind === 'video' && m.url ? (
          // biome-ignore lint/a11y/useMediaCaption: uploads under review have no captions
          <video
            key={m._id}
            src={m.url}
            poster={m.posterUrl ?? undefined}
            controls
            className="max-h-[60vh] w-full rounded-xl bg-black"
          />
        ) : m.kind === 'photo' && m.url ? (
          <img
            key={m._id}
            src={m.url}
            alt={item.title}
            className="max-h-[60vh] w-full rounded-xl bg-zinc-100 object-contain dark:bg-zinc-800"
          />
        ) : (
          <a key={m._id} href={m.url ?? '#'} className="text-brand-600 underline" target="_blank" rel="noreferrer">
            {m.kind}
          </a>
        ),
      )}
    </div>
  );
}

function History({ item }: { item: ReviewQueueItem }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`history-${item._id}`} className="space-y-2">
      <h3 id={`history-${item._id}`} className="text-sm font-semibold">
        {t('review.history')}
      </h3>
      {item.history.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('review.noHistory')}</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="review-history">
          {item.history.map((h) => (
            <li key={h._id} className="flex flex-wrap items-center gap-2">
              <Badge tone={h.state === 'approved' ? 'green' : h.state === 'rejected' ? 'red' : 'amber'}>
                {t(`review.states.${h.state}`)}
              </Badge>
              <span>{t(`review.types.${h.objectType}`)}</span>
              {h.reasonCode && <span className="text-zinc-500">· {t(`review.reasons.${h.reasonCode}`)}</span>}
              {h.decidedAt && <span className="text-xs text-zinc-500">{formatDate(h.decidedAt, DATE_TIME)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The review queue (issue 26 item 1): one item at a time with its media large, the creator's earlier
 * decisions beside it and the queue's age. Keyboard: j / k next and previous, a approve, r reject
 * (pick the reason, Enter), e escalate. Every decision is audited on the server.
 */
export default function ReviewQueueSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('open');
  const { data, isLoading, mutate: reload } = useReviewQueue(filter);
  const [index, setIndex] = useState(0);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<ReviewReason>('prohibited_content');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const items = data?.data ?? [];
  const current = items[Math.min(index, Math.max(0, items.length - 1))];

  const decide = useCallback(
    async (action: 'approve' | 'reject' | 'escalate') => {
      if (!current || busy) return;
      setBusy(true);
      try {
        await reviewApi.decide(current._id, {
          action,
          ...(action === 'reject' ? { reason } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        });
        const done =
          action === 'approve'
            ? t('review.approved')
            : action === 'reject'
              ? t('review.rejectedToast')
              : t('review.escalatedToast');
        toast.success(done);
        setAnnounce(done);
        setRejecting(false);
        setNote('');
        await refreshReview();
      } catch (err) {
        toast.error(getErrorMessage(err));
      } finally {
        setBusy(false);
      }
    },
    [current, busy, reason, note, t],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) {
        if (e.key === 'Escape') setRejecting(false);
        return;
      }
      if (e.key === 'j') setIndex((i) => Math.min(i + 1, Math.max(0, items.length - 1)));
      else if (e.key === 'k') setIndex((i) => Math.max(0, i - 1));
      else if (e.key === 'a') void decide('approve');
      else if (e.key === 'e') void decide('escalate');
      else if (e.key === 'r' && current) {
        setRejecting(true);
        setTimeout(() => document.getElementById('review-reason')?.focus(), 0);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items.length, decide, current]);

  const late = !!data && data.oldestAgeSeconds > data.alertAfterSeconds;
  const modeLabel =
    data?.mode === 'everything'
      ? t('review.modeEverything')
      : data?.mode === 'new_or_flagged'
        ? t('review.modeNewOrFlagged')
        : t('review.modeNothing');

  return (
    <div className="space-y-4">
      <SectionTitle title={t('review.queueTitle')}>
        <label htmlFor="review-filter" className="flex items-center gap-2 text-sm">
          {t('review.filter')}
        </label>
        <Select
          id="review-filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as Filter);
            setIndex(0);
          }}
        >
          <option value="open">{t('review.filterOpen')}</option>
          <option value="pending">{t('review.filterPending')}</option>
          <option value="escalated">{t('review.filterEscalated')}</option>
        </Select>
      </SectionTitle>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('review.queueIntro')}</p>
      {data && (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="review-figures">
          <Badge tone="brand">{t('review.mode', { mode: modeLabel })}</Badge>
          <Badge tone={data.total ? 'amber' : 'zinc'}>{t('review.waiting', { count: data.total })}</Badge>
          {data.total > 0 && (
            <Badge tone={late ? 'red' : 'zinc'}>
              {t('review.oldest', { time: formatWait(data.oldestAgeSeconds) })}
            </Badge>
          )}
          {data.medianSeconds !== null && (
            <span className="text-zinc-500">{t('review.median', { time: formatWait(data.medianSeconds) })}</span>
          )}
        </div>
      )}
      {late && data && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
        >
          <AlertTriangle className="size-4" aria-hidden />{' '}
          {t('review.late', { time: formatWait(data.alertAfterSeconds) })}
        </p>
      )}
      <StreamIdentityChecks />
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {isLoading ? (
        <PageSpinner />
      ) : !current ? (
        <EmptyState title={t('review.empty')} description={t('review.emptyHint')} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-[1fr_18rem]">
          <Card data-testid="review-item" data-object-id={current.objectId}>
            <CardContent className="space-y-4">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-zinc-500">
                  {t('review.itemOf', { n: items.indexOf(current) + 1, total: data?.total ?? items.length })}
                </span>
                <Badge tone="brand">{t(`review.types.${current.objectType}`)}</Badge>
                <Badge tone={current.state === 'escalated' ? 'red' : 'amber'}>
                  {t(`review.states.${current.state}`)}
                </Badge>
                <span className="text-zinc-500">{t('review.submitted', { time: formatWait(current.ageSeconds) })}</span>
              </div>
              <div>
                <h2 className="text-lg font-semibold">{current.title}</h2>
                <p className="text-sm text-zinc-500">
                  {t('review.by', { name: current.creator.name || `@${current.creator.username}` })} · @
                  {current.creator.username} ·{' '}
                  {t('review.newCreator', { date: formatDate(current.creator.createdAt, {}) })}
                  {current.creator.flagged && (
                    <>
                      {' '}
                      <Badge tone="red">{t('review.flagged')}</Badge>
                    </>
                  )}
                </p>
              </div>
              {current.text && <p className="whitespace-pre-wrap">{current.text}</p>}
              {current.price !== null && (
                <p className="text-sm font-medium">{t('review.price', { price: current.price.toFixed(2) })}</p>
              )}
              {current.note && <p className="text-sm text-zinc-500">“{current.note}”</p>}
              <ItemMedia item={current} />
              <QueueReleases item={current} onChange={() => void reload()} />
              {rejecting && (
                <form
                  className="space-y-2 rounded-xl border border-red-200 p-3 dark:border-red-900"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void decide('reject');
                  }}
                >
                  <label htmlFor="review-reason" className="block text-sm font-medium">
                    {t('review.reason')}
                  </label>
                  <Select
                    id="review-reason"
                    className="mt-1 w-full"
                    value={reason}
                    onChange={(e) => setReason(e.target.value as ReviewReason)}
                  >
                    {REVIEW_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {t(`review.reasons.${r}`)}
                      </option>
                    ))}
                  </Select>
                  <TextArea
                    aria-label={t('review.note')}
                    placeholder={t('review.note')}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                  />
                  <div className="flex gap-2">
                    <Button type="submit" variant="danger" size="sm" disabled={busy}>
                      {t('review.confirmReject')}
                    </Button>
                    <Button type="button" variant="ghost" size="sm" onClick={() => setRejecting(false)}>
                      {t('review.cancel')}
                    </Button>
                  </div>
                </form>
              )}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" disabled={busy} onClick={() => decide('approve')} aria-keyshortcuts="a">
                  <Check className="size-4" aria-hidden /> {t('review.approve')}{' '}
                  <kbd className="ml-1 text-xs opacity-70">{SHORTCUTS.approve}</kbd>
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  onClick={() => {
                    setRejecting(true);
                    setTimeout(() => document.getElementById('review-reason')?.focus(), 0);
                  }}
                  aria-keyshortcuts="r"
                >
                  <X className="size-4" aria-hidden /> {t('review.reject')}{' '}
                  <kbd className="ml-1 text-xs opacity-70">{SHORTCUTS.reject}</kbd>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy || current.state === 'escalated'}
                  onClick={() => decide('escalate')}
                  aria-keyshortcuts="e"
                >
                  <ShieldQuestion className="size-4" aria-hidden /> {t('review.escalate')}{' '}
                  <kbd className="ml-1 text-xs opacity-70">{SHORTCUTS.escalate}</kbd>
                </Button>
                <span className="flex-1" />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-keyshortcuts="k"
                  disabled={index === 0}
                  onClick={() => setIndex((i) => Math.max(0, i - 1))}
                >
                  <ChevronLeft className="size-4" aria-hidden /> {t('review.previous')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-keyshortcuts="j"
                  disabled={index >= items.length - 1}
                  onClick={() => setIndex((i) => Math.min(items.length - 1, i + 1))}
                >
                  {t('review.next')} <ChevronRight className="size-4" aria-hidden />
                </Button>
              </div>
            </CardContent>
          </Card>
          <div className="space-y-4">
            <Card>
              <CardContent>
                <History item={current} />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <ol className="space-y-1 text-sm" aria-label={t('review.queueTitle')}>
                  {items.map((it, i) => (
                    <li key={it._id}>
                      <button
                        type="button"
                        aria-current={it === current ? 'true' : undefined}
                        onClick={() => setIndex(i)}
                        className={cn(
                          'flex w-full items-center justify-between gap-2 rounded-lg px-2 py-1 text-left',
                          it === current
                            ? 'bg-brand-50 dark:bg-brand-950/40'
                            : 'hover:bg-zinc-100 dark:hover:bg-zinc-800',
                        )}
                      >
                        <span className="truncate">
                          {t(`review.types.${it.objectType}`)} · @{it.creator.username}
                        </span>
                        <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-300">
                          {formatWait(it.ageSeconds)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
