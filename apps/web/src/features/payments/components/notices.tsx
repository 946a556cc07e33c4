import { type GatewayName, isGatewayName } from '@marquee/shared/payments';
import { useTranslation } from 'react-i18next';

/** A checkout that did not open: the processor did not answer; the picker now holds the next one. */
export function GatewayDownNotice({ gateway, next }: { gateway: GatewayName; next: GatewayName }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="text-sm text-amber-700 dark:text-amber-400" data-testid="gateway-down">
      {t('payments.gatewayDown', {
        gateway: t(`payments.gateways.${gateway}`),
        next: t(`payments.gateways.${next}`),
      })}
    </p>
  );
}

/** Resuming a membership cancelled at CCBill, Segpay or Verotel: a new checkout, said before it opens. */
export function ResumeNotice({ gateway }: { gateway: string }) {
  const { t } = useTranslation();
  const name = isGatewayName(gateway) ? t(`payments.gateways.${gateway}`) : gateway;
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="resume-new-checkout">
      {t('payments.resumeNewCheckout', { gateway: name })}
    </p>
  );
}
