import type { PayoutRequest } from '@marquee/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { formatTokensAsMoney } from '../../../lib/i18n/format';

const TONES: Record<PayoutRequest['status'], string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
  approved: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-300',
  paid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  cancelled: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

export function PayoutStatusBadge({ status }: { status: PayoutRequest['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize', TONES[status])}
      data-testid="payout-status"
    >
      {t(`payouts.status.${status}`)}
    </span>
  );
}

/** A payout figure: tokens, with the money they are paid out as (lib/i18n/format). */
export const money = (n: number, currency = 'USD') => formatTokensAsMoney(n, currency);
