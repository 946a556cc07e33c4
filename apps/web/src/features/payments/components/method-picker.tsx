import type { CheckoutPurpose, GatewayName } from '@marquee/shared/payments';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { usePaymentMethods } from '../api';

/**
 * The fan's choice of processor for a card payment. Shown only when more than one is active for
 * the purpose; `value` null means the first (the site default).
 */
export function MethodPicker({
  purpose,
  value,
  onChange,
}: {
  purpose: CheckoutPurpose;
  value: GatewayName | null;
  onChange: (gateway: GatewayName) => void;
}) {
  const { t } = useTranslation();
  const methods = usePaymentMethods(purpose);
  if (methods.length < 2) return null;
  const current = value && methods.includes(value) ? value : methods[0];
  return (
    <fieldset className="space-y-2" data-testid="method-picker">
      <legend className="mb-1.5 text-sm font-medium">{t('payments.picker.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((g) => (
          <label
            key={g}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm',
              g === current
                ? 'border-brand-500 bg-brand-50 dark:bg-brand-950/40'
                : 'border-zinc-300 dark:border-zinc-700',
            )}
          >
            <input
              type="radio"
              name={`method-${purpose}`}
              value={g}
              checked={g === current}
              onChange={() => onChange(g)}
            />
            {t(`payments.gateways.${g}`)}
          </label>
        ))}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('payments.picker.hint')}</p>
    </fieldset>
  );
}
