import type { SubscriptionOption } from '@marquee/shared';
import { type GatewayName, resumesAtGateway } from '@marquee/shared/payments';
import { CreditCard, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import i18n from '../../../lib/i18n';
import { formatNumber } from '../../../lib/i18n/format';
import { nextGatewayOf } from '../../payments/api';
import { MethodPicker } from '../../payments/components/method-picker';
import { GatewayDownNotice, ResumeNotice } from '../../payments/components/notices';
import { goToCheckout } from '../../wallet/api';
import { dateOf, money, refreshAfterSubscriptionChange, subscriptionsApi, useOffer } from '../api';
import { useSubscriptionModal } from '../store';

const period = (o: SubscriptionOption) =>
  o.subscriptionType === 'free'
    ? i18n.t('subscriptions.modal.freeDays', { count: o.days })
    : o.days === 30
      ? i18n.t('subscriptions.modal.forPeriod.monthly')
      : i18n.t(`subscriptions.modal.forPeriod.${o.subscriptionType}`);

/** The subscription modal (spec state: showModal, performer, subscriptionType): choose a period, a way to pay, confirm. */
export default function SubscriptionModal() {
  const { t } = useTranslation();
  const { showModal, performer, subscriptionType, setType, close, onSubscribed } = useSubscriptionModal();
  const { data: offer, isLoading, error } = useOffer(showModal ? performer?._id : null);
  const [method, setMethod] = useState<'wallet' | 'card'>('wallet');
  const [gateway, setGateway] = useState<GatewayName | null>(null);
  const [down, setDown] = useState<{ gateway: GatewayName; next: GatewayName } | null>(null);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (showModal) setStep('choose');
  }, [showModal]);

  const option = offer?.options.find((o) => o.subscriptionType === subscriptionType) ?? offer?.options[0];
  const isFree = option?.subscriptionType === 'free';
  const short =
    !isFree &&
    method === 'wallet' &&
    offer?.walletBalance !== null &&
    option &&
    (offer?.walletBalance ?? 0) < option.firstPrice;
  const running = offer?.current?.isActive ? offer.current : null;
  // CCBill, Segpay and Verotel cannot restart a cancelled membership: resuming by card is a new checkout
  const cardGateway = gateway ?? offer?.gateway ?? 'sandbox';
  const restarts =
    running?.status === 'cancelled' &&
    !isFree &&
    !resumesAtGateway(running.paymentMethod, method === 'card' ? cardGateway : 'wallet');
  const resumes = running?.status === 'cancelled' && !isFree && !restarts;

  const confirm = async () => {
    if (!performer || !option) return;
    setBusy(true);
    try {
      const res = await subscriptionsApi.subscribe({
        performerId: performer._id,
        subscriptionType: option.subscriptionType,
        paymentMethod: method,
        gateway: method === 'card' ? (gateway ?? undefined) : undefined,
        returnTo: `${location.pathname}${location.search}`,
      });
      if (res.checkoutUrl) {
        close();
        goToCheckout(res.checkoutUrl, `${location.pathname}${location.search}`, navigate);
        return;
      }
      toast.success(
        resumes
          ? t('subscriptions.modal.renewsAgain')
          : t('subscriptions.modal.subscribedTo', { name: performer.name || performer.username }),
      );
      await refreshAfterSubscriptionChange();
      onSubscribed?.();
      close();
    } catch (err) {
      const next = nextGatewayOf(err);
      if (next && method === 'card') {
        setDown({ gateway: cardGateway, next });
        setGateway(next);
      } else toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const name =
    performer?.name || (performer?.username ? `@${performer.username}` : t('subscriptions.modal.thisCreator'));
  return (
    <Dialog
      open={showModal}
      onOpenChange={(o) => !o && close()}
      title={step === 'confirm' ? t('subscriptions.modal.confirmTitle') : t('subscriptions.modal.title', { name })}
      description={step === 'confirm' ? undefined : t('subscriptions.modal.description')}
      footer={
        option && !(running && !resumes && !restarts && !(running.subscriptionType === 'free' && !isFree)) ? (
          step === 'choose' ? (
            <Button
              className="w-full"
              size="lg"
              disabled={Boolean(short)}
              onClick={() => setStep('confirm')}
              data-testid="subscription-continue"
            >
              {isFree
                ? t('subscriptions.modal.startTrial')
                : t('subscriptions.modal.continue', { price: money(option.firstPrice) })}
            </Button>
          ) : (
            <div className="flex w-full gap-2">
              <Button variant="ghost" onClick={() => setStep('choose')}>
                {t('subscriptions.modal.back')}
              </Button>
              <Button className="flex-1" size="lg" loading={busy} onClick={confirm} data-testid="subscription-confirm">
                {isFree
                  ? t('subscriptions.modal.confirmTrial')
                  : method === 'card'
                    ? t('subscriptions.modal.checkout')
                    : t('subscriptions.modal.payFromWallet', { price: money(resumes ? 0 : option.firstPrice) })}
              </Button>
            </div>
          )
        ) : null
      }
    >
      {performer && (
        <div className="mb-4 flex items-center gap-3">
          <Avatar src={performer.avatar ?? undefined} alt="" name={performer.name} className="size-12" />
          <div>
            <p className="font-semibold">{name}</p>
            {performer.username && <p className="text-sm text-zinc-500">@{performer.username}</p>}
          </div>
        </div>
      )}
      {isLoading && <Skeleton className="h-40 w-full" />}
      {error && <p className="text-sm text-red-600">{getErrorMessage(error)}</p>}
      {offer && running && !resumes && !(running.subscriptionType === 'free' && !isFree) && (
        <p className="rounded-2xl bg-emerald-50 p-4 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
          {t('subscriptions.modal.subscribedUntil', { date: dateOf(running.expiredAt) })}
        </p>
      )}
      {offer && option && step === 'choose' && (
        <div className="space-y-4">
          {offer.promotion && (
            <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800 dark:bg-brand-950/40 dark:text-brand-200">
              {t('subscriptions.modal.promo', {
                percent: formatNumber(offer.promotion.discountPercent),
                date: dateOf(offer.promotion.endsAt),
              })}
              {offer.promotion.limit !== null &&
                t('subscriptions.modal.promoLeft', { count: offer.promotion.limit - offer.promotion.used })}
            </p>
          )}
          <fieldset className="space-y-2" aria-label={t('subscriptions.modal.period')}>
            {offer.options.map((o) => {
              const disabled = o.subscriptionType === 'free' && !offer.freeAvailable;
              return (
                <label
                  key={o.subscriptionType}
                  className={cn(
                    'flex cursor-pointer items-center justify-between gap-3 rounded-2xl border p-3.5 transition-colors',
                    option.subscriptionType === o.subscriptionType
                      ? 'border-brand-500 bg-brand-50/60 dark:bg-brand-950/30'
                      : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-800',
                    disabled && 'cursor-not-allowed opacity-50',
                  )}
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="subscriptionType"
                      className="accent-brand-600"
                      checked={option.subscriptionType === o.subscriptionType}
                      disabled={disabled}
                      onChange={() => setType(o.subscriptionType)}
                    />
                    <span>
                      <span className="block font-medium">{t(`subscriptions.type.${o.subscriptionType}`)}</span>
                      <span className="text-xs text-zinc-500">
                        {disabled
                          ? t('subscriptions.modal.usedFree')
                          : o.renews
                            ? t('subscriptions.modal.renewsEvery', { count: o.days })
                            : t('subscriptions.modal.noRenew')}
                      </span>
                    </span>
                  </span>
                  <span className="text-right">
                    {o.promoApplied && (
                      <span className="mr-1 text-xs text-zinc-400 line-through">{money(o.price)}</span>
                    )}
                    <span className="font-semibold">
                      {o.subscriptionType === 'free' ? t('subscriptions.modal.free') : money(o.firstPrice)}
                    </span>
                    <span className="block text-xs text-zinc-500">
                      {period(o)}
                      {o.savePercent > 0 &&
                        o.subscriptionType !== 'free' &&
                        t('subscriptions.modal.save', { percent: formatNumber(o.savePercent) })}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {!isFree && (
            <fieldset className="grid grid-cols-2 gap-2" aria-label={t('subscriptions.modal.paymentMethod')}>
              {(['wallet', 'card'] as const).map((m) => (
                <button
                  type="button"
                  key={m}
                  onClick={() => setMethod(m)}
                  aria-pressed={method === m}
                  data-testid={`pay-${m}`}
                  className={cn(
                    'flex items-center gap-2 rounded-2xl border p-3 text-left text-sm',
                    method === m
                      ? 'border-brand-500 bg-brand-50/60 dark:bg-brand-950/30'
                      : 'border-zinc-200 dark:border-zinc-800',
                  )}
                >
                  {m === 'wallet' ? <Wallet className="size-4" /> : <CreditCard className="size-4" />}
                  <span>
                    <span className="block font-medium">
                      {m === 'wallet' ? t('subscriptions.modal.wallet') : t('subscriptions.modal.card')}
                    </span>
                    <span className="text-xs text-zinc-500">
                      {m === 'wallet'
                        ? t('subscriptions.modal.balance', { amount: money(offer.walletBalance ?? 0) })
                        : offer.gateway === 'sandbox'
                          ? t('subscriptions.modal.sandbox')
                          : t('subscriptions.modal.secure')}
                    </span>
                  </span>
                </button>
              ))}
            </fieldset>
          )}
          {!isFree && method === 'card' && (
            <MethodPicker purpose="subscription" value={gateway} onChange={setGateway} />
          )}
          {down && <GatewayDownNotice gateway={down.gateway} next={down.next} />}
          {restarts && running && method === 'card' && <ResumeNotice gateway={running.paymentMethod} />}
          {short && <p className="text-sm text-red-600">{t('subscriptions.modal.insufficient')}</p>}
        </div>
      )}
      {offer && option && step === 'confirm' && (
        <dl className="space-y-2 text-sm" data-testid="subscription-summary">
          <div className="flex justify-between">
            <dt className="text-zinc-500">{t('subscriptions.modal.plan')}</dt>
            <dd className="font-medium">{t(`subscriptions.type.${option.subscriptionType}`)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-zinc-500">{t('subscriptions.modal.today')}</dt>
            <dd className="font-medium">
              {isFree || resumes ? t('subscriptions.modal.free') : money(option.firstPrice)}
            </dd>
          </div>
          {option.renews && (
            <div className="flex justify-between">
              <dt className="text-zinc-500">{t('subscriptions.modal.afterwards')}</dt>
              <dd>{t('subscriptions.modal.every', { price: money(option.price), count: option.days })}</dd>
            </div>
          )}
          {!isFree && (
            <div className="flex justify-between">
              <dt className="text-zinc-500">{t('subscriptions.modal.paidWith')}</dt>
              <dd>{method === 'wallet' ? t('subscriptions.modal.wallet') : t('subscriptions.modal.card')}</dd>
            </div>
          )}
          <p className="pt-2 text-xs text-zinc-500">
            {option.renews ? t('subscriptions.modal.cancelAnyTime') : t('subscriptions.modal.trialEnds')}
          </p>
        </dl>
      )}
    </Dialog>
  );
}
