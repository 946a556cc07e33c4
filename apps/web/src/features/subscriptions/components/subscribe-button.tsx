import type { SubscriptionType } from '@marquee/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useUiStore } from '../../../lib/ui-store';
import { dateOf, money, useOffer } from '../api';
import { type SubscribablePerformer, useSubscriptionModal } from '../store';

export interface SubscribeButtonProps {
  performer: SubscribablePerformer;
  /** Replaces the button text (e.g. "Subscribe to see" on a locked post). */
  label?: string;
  /** After the subscription is active (a locked post reloads). */
  onSubscribed?: () => void;
  compact?: boolean;
}

/**
 * Subscribe button states for a creator: signed out (opens login), subscribe
 * (price per month, free trial), subscribed until a date, renewal cancelled
 * (re-subscribe). Opens the subscription modal.
 */
export function SubscribeButton({ performer, label, onSubscribed, compact }: SubscribeButtonProps) {
  const { t } = useTranslation();
  const token = useUiStore((s) => s.token);
  const openLogin = useUiStore((s) => s.openLogin);
  const open = useSubscriptionModal((s) => s.open);
  const { data: offer } = useOffer(performer._id);
  const start = (type?: SubscriptionType) => (token ? open(performer, type, onSubscribed) : openLogin());

  const current = offer?.current?.isActive ? offer.current : null;
  if (current && !label) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="subscribe-state">
        <div className="rounded-2xl bg-emerald-50 px-4 py-2.5 text-sm font-semibold text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
          {t(current.autoRenew ? 'subscriptions.button.renews' : 'subscriptions.button.ends', {
            state:
              current.subscriptionType === 'free'
                ? t('subscriptions.button.freeTrial')
                : t('subscriptions.button.subscribed'),
            date: dateOf(current.expiredAt),
          })}
        </div>
        {(!current.autoRenew || current.subscriptionType === 'free') && (
          <Button variant="outline" size="sm" onClick={() => start('monthly')}>
            {current.subscriptionType === 'free'
              ? t('subscriptions.button.subscribe')
              : t('subscriptions.button.resubscribe')}
          </Button>
        )}
      </div>
    );
  }
  const monthly = offer?.options.find((o) => o.subscriptionType === 'monthly');
  const free = offer?.freeAvailable ? offer.options.find((o) => o.subscriptionType === 'free') : undefined;
  if (label || compact) {
    return (
      <Button onClick={() => start()} data-testid="subscribe-button">
        {label ?? t('subscriptions.button.subscribe')}
      </Button>
    );
  }
  return (
    <div className="grid gap-2 sm:grid-cols-2" data-testid="subscribe-state">
      <Button size="lg" onClick={() => start('monthly')} data-testid="subscribe-button">
        {monthly
          ? t('subscriptions.button.subscribePrice', { price: money(monthly.firstPrice) })
          : t('subscriptions.button.subscribe')}
      </Button>
      {free ? (
        <Button size="lg" variant="outline" onClick={() => start('free')}>
          {t('subscriptions.button.freeFor', { count: free.days })}
        </Button>
      ) : (
        offer &&
        offer.options.length > 1 && (
          <Button size="lg" variant="outline" onClick={() => start('yearly')}>
            {t('subscriptions.button.morePlans')}
          </Button>
        )
      )}
    </div>
  );
}

/** The profile page's subscribe slot (profiles/slots.tsx). */
export function ProfileSubscribe({
  creator,
}: {
  creator: { _id: string; username: string; name: string; avatar: string | null };
}) {
  return <SubscribeButton performer={creator} />;
}
