import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { mutate } from 'swr';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { formatAmount } from '../../../lib/i18n/format';
import { useRealtimeEvent } from '../../../lib/realtime';
import { goToCheckout, safeReturnTo, WALLET_KEY } from '../../wallet/api';
import { paymentsApi, refreshPaymentResult, useLatestPayment, usePaymentResult } from '../api';

/**
 * Where CCBill, Segpay and Verotel send the fan back (`/payments/result?next=…&payment=…`): the
 * payment's outcome as soon as the postback arrives (the `payment/updated` event; polling as a
 * fallback), a clear message on a decline, and after a soft decline the next processor (failover).
 * CCBill's approval URL cannot carry our id: without one, the fan's latest payment is shown.
 */
export function PaymentResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnTo(params.get('next'), '/wallet');
  const given = params.get('payment');
  const latest = useLatestPayment(!given);
  const id = given ?? latest.data?.data[0]?._id ?? null;
  const { data: p, error } = usePaymentResult(id);
  const declinedAtVerotel = params.get('verotel') === 'declined';

  useRealtimeEvent('payment/updated', (payload) => {
    if (payload._id === id) void refreshPaymentResult(payload._id);
  });
  useEffect(() => {
    // revalidate the balance without clearing cached data (refreshWallet() clears `/users/me` too,
    // which unmounts this auth-guarded page and mounts it again: a loop)
    if (p?.status === 'succeeded') void mutate(WALLET_KEY);
  }, [p?.status]);

  const failover = async () => {
    if (!p?.nextGateway) return;
    try {
      const fresh = await paymentsApi.failover(p._id, p.nextGateway);
      if (fresh.checkoutUrl) goToCheckout(fresh.checkoutUrl, next, navigate);
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  const gatewayName = p ? t(`payments.gateways.${p.gateway}`) : '';
  const open = p && (p.status === 'created' || p.status === 'requires_action');
  const declined = p && (p.status === 'failed' || (open && declinedAtVerotel));
  let body: React.ReactNode;
  if (!p) {
    body =
      error || (!given && latest.data && latest.data.data.length === 0) ? (
        <p>{t('payments.result.none')}</p>
      ) : (
        <Spinner label={t('payments.result.title')} />
      );
  } else if (p.status === 'succeeded') {
    body = (
      <div className="space-y-3" data-testid="payment-approved">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 className="size-6" aria-hidden="true" />
          {t('payments.result.approved')}
        </h2>
        <p>
          {t('payments.result.approvedText', {
            description: p.description,
            amount: formatAmount(p.charged),
            currency: p.currency,
          })}
        </p>
        {p.undelivered && (
          <p className="text-amber-700 dark:text-amber-400" role="alert" data-testid="payment-undelivered">
            {t('payments.result.undelivered', { description: p.description })}
          </p>
        )}
        <Link to={next} className={buttonClasses('primary', 'lg')} data-testid="payment-continue">
          {t('payments.result.continue')}
        </Link>
      </div>
    );
  } else if (declined) {
    body = (
      <div className="space-y-3" role="alert" data-testid="payment-declined">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-red-700 dark:text-red-400">
          <XCircle className="size-6" aria-hidden="true" />
          {t('payments.result.declined')}
        </h2>
        <p>
          {t('payments.result.declinedText', {
            gateway: gatewayName,
            reason: (p.status === 'failed' && p.failureReason) || t('payments.result.declinedNoReason'),
          })}
        </p>
        {p.nextGateway && (
          <div className="space-y-1">
            <Button size="lg" onClick={failover} data-testid="payment-failover">
              {t('payments.result.tryNext', { gateway: t(`payments.gateways.${p.nextGateway}`) })}
            </Button>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('payments.result.tryNextHint')}</p>
          </div>
        )}
        <Link to={next} className={buttonClasses('outline', 'md')}>
          {t('payments.result.continue')}
        </Link>
      </div>
    );
  } else if (open) {
    body = (
      <div className="space-y-2" role="status" data-testid="payment-waiting">
        <p className="flex items-center gap-2 font-medium">
          <Spinner />
          {t('payments.result.waiting', { gateway: gatewayName })}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('payments.result.waitingHint')}</p>
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p>
          {p.status === 'refunded' ? t('payments.result.refunded') : t('payments.result.status', { status: p.status })}
        </p>
        <Link to={next} className={buttonClasses('outline', 'md')}>
          {t('payments.result.continue')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{t('payments.result.title')}</h1>
      <Card className="p-5" data-testid="payment-result">
        {body}
      </Card>
    </div>
  );
}
