import type { GatewayName } from '@marquee/shared/payments';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { goToCheckout, tokens } from '../../wallet/api';
import { type CardPurchase, nextGatewayOf, paymentsApi } from '../api';
import { MethodPicker } from './method-picker';

/**
 * "Pay by card" inside a purchase dialog: the item's price on a processor's hosted page instead of
 * the wallet (docs/payments.md, "Single purchases by card"). The fan comes back to `returnTo`
 * through the result page, which shows the outcome as soon as the processor's postback arrives.
 * `check` runs first (e.g. a product's delivery address); throwing keeps the fan here.
 */
export function CardPurchaseOption({
  purchase,
  price,
  returnTo,
  check,
}: {
  purchase: CardPurchase;
  price: number;
  returnTo: string;
  check?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [gateway, setGateway] = useState<GatewayName | null>(null);
  const [down, setDown] = useState<{ gateway: GatewayName; next: GatewayName } | null>(null);
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    setBusy(true);
    try {
      check?.();
      const p = await paymentsApi.buyByCard(purchase, gateway, returnTo);
      if (p.checkoutUrl) goToCheckout(p.checkoutUrl, returnTo, navigate);
      else toast.error(p.failureReason ?? t('payments.card.failed'));
    } catch (err) {
      // the processor did not answer: offer the next one (failover), picked already
      const next = nextGatewayOf(err);
      if (next) {
        setDown({ gateway: gateway ?? next, next });
        setGateway(next);
      } else toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="mt-4 space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800"
      aria-labelledby="card-purchase-title"
      data-testid="card-purchase"
    >
      <h3 id="card-purchase-title" className="text-sm font-semibold">
        {t('payments.card.title')}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('payments.card.hint')}</p>
      <MethodPicker purpose="purchase" value={gateway} onChange={setGateway} />
      {down && (
        <p className="text-sm text-amber-700 dark:text-amber-400" role="alert">
          {t('payments.gatewayDown', {
            gateway: t(`payments.gateways.${down.gateway}`),
            next: t(`payments.gateways.${down.next}`),
          })}
        </p>
      )}
      <Button variant="outline" loading={busy} onClick={pay} data-testid="pay-by-card">
        <CreditCard className="size-4" aria-hidden="true" />
        {t('payments.card.pay', { amount: tokens(price) })}
      </Button>
    </section>
  );
}
