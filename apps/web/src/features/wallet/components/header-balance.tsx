import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { mutate } from 'swr';
import { useRealtimeEvent } from '../../../lib/realtime';
import { ME_KEY, useCurrentUser } from '../../auth/api';
import type { CurrentUser } from '../../auth/types';
import { WALLET_KEY } from '../api';

/** The signed-in user's balance in the header, kept live by 'balance/updated'. */
export function HeaderBalance() {
  const { user } = useCurrentUser();
  useRealtimeEvent('balance/updated', ({ balance }) => {
    void mutate<CurrentUser>(ME_KEY, (u) => (u ? { ...u, balance } : u), { revalidate: false });
    void mutate(WALLET_KEY);
  });
  if (!user) return null;
  return (
    <Link
      to="/wallet"
      className="hidden items-center gap-1.5 rounded-full border border-zinc-200 px-3 py-1.5 text-sm font-semibold text-zinc-700 hover:bg-zinc-100 sm:flex dark:border-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-800"
      aria-label={`Wallet: ${(user.balance ?? 0).toFixed(2)} tokens`}
      data-testid="header-balance"
    >
      <Wallet className="size-4" aria-hidden="true" />
      {(user.balance ?? 0).toFixed(2)}
    </Link>
  );
}
