import type { Subscription } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { dateOf, money, refreshAfterSubscriptionChange, subscriptionsApi, useMySubscriptions } from '../api';
import { useSubscriptionModal } from '../store';

function statusText(s: Subscription) {
  if (s.status === 'expired' || !s.isActive) return i18n.t('subscriptions.mine.ended', { date: dateOf(s.expiredAt) });
  if (s.renewsAt) return i18n.t('subscriptions.mine.renews', { date: dateOf(s.renewsAt), price: money(s.price) });
  return i18n.t('subscriptions.mine.ends', { date: dateOf(s.expiredAt) });
}

/** /user/subscriptions: the fan's subscriptions with cancel and re-subscribe. */
export function MySubscriptions() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'active' | 'all'>('active');
  const { data, isLoading, mutate } = useMySubscriptions(
    filter === 'active' ? { activeOnly: true, pageSize: 50 } : { pageSize: 50 },
  );
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [busy, setBusy] = useState(false);
  const open = useSubscriptionModal((s) => s.open);

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await subscriptionsApi.cancel(cancelling);
      toast.success(t('subscriptions.mine.cancelled', { date: dateOf(cancelling.expiredAt) }));
      setCancelling(null);
      await mutate();
      await refreshAfterSubscriptionChange();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('subscriptions.mine.title')}</h1>
        <div className="flex gap-1" role="tablist">
          {(['active', 'all'] as const).map((f) => (
            <Button
              key={f}
              size="sm"
              variant={filter === f ? 'secondary' : 'ghost'}
              onClick={() => setFilter(f)}
              role="tab"
              aria-selected={filter === f}
            >
              {f === 'active' ? t('subscriptions.mine.active') : t('subscriptions.mine.all')}
            </Button>
          ))}
        </div>
      </div>
      {isLoading && <Skeleton className="h-24 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState
          title={t('subscriptions.mine.none')}
          description={t('subscriptions.mine.noneHint')}
          action={<Link to="/explore">{t('subscriptions.mine.explore')}</Link>}
        />
      )}
      <ul className="space-y-3" data-testid="my-subscriptions">
        {data?.data.map((s) => (
          <li key={s._id}>
            <Card className="flex flex-wrap items-center gap-3 p-4">
              <Link
                to={`/${s.performer?.username ?? s.performerId}`}
                className="flex min-w-0 flex-1 items-center gap-3"
              >
                <Avatar src={s.performer?.avatar ?? undefined} alt="" name={s.performer?.name} className="size-12" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{s.performer?.name || s.performer?.username}</span>
                  <span className="block text-sm text-zinc-500">
                    {t(`subscriptions.type.${s.subscriptionType}`)} · {statusText(s)}
                  </span>
                  <span className="block text-xs text-zinc-400">
                    {t('subscriptions.mine.spent', { amount: money(s.totalPaid) })}
                  </span>
                </span>
              </Link>
              {s.isActive && s.autoRenew && s.status === 'active' ? (
                <Button variant="outline" size="sm" onClick={() => setCancelling(s)} data-testid="cancel-subscription">
                  {t('subscriptions.mine.cancel')}
                </Button>
              ) : (
                s.performer && (
                  <Button
                    size="sm"
                    onClick={() => open(s.performer!, 'monthly', () => mutate())}
                    data-testid="resubscribe"
                  >
                    {s.isActive ? t('subscriptions.button.resubscribe') : t('subscriptions.mine.subscribeAgain')}
                  </Button>
                )
              )}
            </Card>
          </li>
        ))}
      </ul>
      <Dialog
        open={cancelling !== null}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={t('subscriptions.mine.confirmTitle')}
        description={
          cancelling ? t('subscriptions.mine.confirmText', { date: dateOf(cancelling.expiredAt) }) : undefined
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setCancelling(null)}>
              {t('subscriptions.mine.keep')}
            </Button>
            <Button variant="danger" loading={busy} onClick={cancel} data-testid="confirm-cancel">
              {t('subscriptions.mine.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}
