import { Clock, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/api';
import { formatWait, type ReviewObjectType, useReviewStatus } from '../api';

/**
 * "In review" (with the expected wait) or "Not approved: <reason>" on a creator's own item. Asks the
 * server only when the signed-in user owns the item; renders nothing for anyone else or once approved.
 */
export function ReviewBadge({ type, id, ownerId }: { type: ReviewObjectType; id: string; ownerId: string }) {
  const { user } = useCurrentUser();
  const mine = !!user && user._id === ownerId;
  const { data } = useReviewStatus(type, mine ? id : null);
  const { t } = useTranslation();
  const item = data?.items.find((i) => i.objectId === id);
  if (!item) return null;
  if (item.state === 'rejected') {
    return (
      <div
        role="note"
        data-testid="review-badge"
        data-state="rejected"
        className="mt-2 flex items-start gap-1.5 rounded-lg bg-red-50 px-2.5 py-1.5 text-xs text-red-800 dark:bg-red-950/40 dark:text-red-200"
      >
        <ShieldX className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          {t('review.rejected', { reason: t(`review.reasons.${item.reasonCode ?? 'other'}`) })}
          {item.note && <span className="block">{t('review.rejectedNote', { note: item.note })}</span>}
        </span>
      </div>
    );
  }
  const eta = data?.estimateSeconds;
  return (
    <div
      role="status"
      data-testid="review-badge"
      data-state={item.state}
      className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
    >
      <Clock className="size-3.5" aria-hidden />
      {item.state === 'escalated'
        ? t('review.escalated')
        : eta
          ? t('review.inReviewEta', { time: formatWait(eta) })
          : t('review.inReview')}
    </div>
  );
}
