import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mutate } from 'swr';
import { useRealtimeEvent } from '../../../lib/realtime';
import { ME_KEY, useCurrentUser } from '../../auth/api';
import type { CurrentUser } from '../../auth/types';
import { tokens, WALLET_KEY } from '../api';

/** The signed-in user's balance in the header, kept live by 'balance/updated'. */
export function HeaderBalance() {
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  useRealtimeEvent('balance/updated', ({ balance }) => {
    void mutate<CurrentUser>(ME_KEY, (u) => (u ? { ...u, balance } : u), { revalidate: false });
    void mutate(WALLET_KEY);
  });
  if (!user) return null;
  return (
    <Link
      to="/wallet"
      className="hidden items-center gap-1.5 rounded-full border border-zinc-200 px-3 py-1.5 text-sm font-semibold text-zinc-700 hover:bg-zinc-100 sm:flex dark:border-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-800"
      aria-label={t('wallet.headerLabel', { amount: tokens(user.balance ?? 0) })}
      data-testid="header-balance"
    >
      <Wallet className="size-4" aria-hidden="true" />
      {tokens(user.balance ?? 0)}
    </Link>
  );
}
