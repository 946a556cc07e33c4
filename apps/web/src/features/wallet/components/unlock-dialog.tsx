import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage, isApiError } from '../../../lib/api';
import type { CardPurchase } from '../../payments/api';
import { CardPurchaseOption } from '../../payments/components/card-purchase';
import { refreshWallet, tokens, topUpPath, useWallet } from '../api';

export interface UnlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the fan gets (shown above the price). */
  description?: ReactNode;
  price: number;
  confirmLabel?: string;
  /** The charge (a wallet route); throw to keep the dialog open with the message. */
  onConfirm: () => Promise<unknown>;
  /** Called after the charge succeeded and the wallet was refreshed. */
  onDone?: () => void;
  successMessage?: string;
  /** Where the "top up" path returns to; the current page by default. */
  returnTo?: string;
  /** The item, when it may also be bought by card ("Pay by card", a processor's hosted page). */
  card?: CardPurchase;
  /** Checks before the card checkout (throw to stay: e.g. a missing delivery address). */
  cardCheck?: () => void;
  children?: ReactNode;
}

/**
 * The confirmation before any wallet charge (unlock, buy, rent): the price, the
 * balance after paying, and when the wallet is short an "Insufficient balance,
 * top up" path to /wallet that comes back here.
 */
export function UnlockDialog({
  open,
  onOpenChange,
  title,
  description,
  price,
  confirmLabel,
  onConfirm,
  onDone,
  successMessage,
  returnTo,
  card,
  cardCheck,
  children,
}: UnlockDialogProps) {
  const { data: wallet } = useWallet(open);
  const location = useLocation();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState(false);
  const balance = wallet?.balance;
  const after = balance === undefined ? undefined : Math.round((balance - price) * 100) / 100;
  const insufficient = short || (after !== undefined && after < 0);
  const back = returnTo ?? `${location.pathname}${location.search}`;
  const needed = balance === undefined ? price : Math.max(price - balance, 0.01);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      await refreshWallet();
      toast.success(successMessage ?? t('wallet.purchaseComplete'));
      onOpenChange(false);
      onDone?.();
    } catch (err) {
      if (isApiError(err) && err.statusCode === 402) setShort(true);
      toast.error(getErrorMessage(err));
      void refreshWallet();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setShort(false);
        onOpenChange(o);
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          {insufficient ? (
            <Link to={topUpPath(needed, back)} className={buttonClasses()} data-testid="topup-to-unlock">
              {t('wallet.topUpAmount', { amount: tokens(needed) })}
            </Link>
          ) : (
            <Button loading={busy} disabled={balance === undefined} onClick={confirm} data-testid="confirm-unlock">
              {confirmLabel ?? t('wallet.pay', { amount: tokens(price) })}
            </Button>
          )}
        </>
      }
    >
      {children}
      <dl className="space-y-1.5 rounded-xl bg-zinc-50 p-3 text-sm dark:bg-zinc-900" data-testid="unlock-summary">
        <div className="flex justify-between">
          <dt className="text-zinc-500">{t('wallet.price')}</dt>
          <dd className="font-semibold">{tokens(price)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-zinc-500">{t('wallet.yourBalance')}</dt>
          <dd>{balance === undefined ? '…' : tokens(balance)}</dd>
        </div>
        <div className="flex justify-between border-t border-zinc-200 pt-1.5 dark:border-zinc-800">
          <dt className="text-zinc-500">
            {insufficient && after !== undefined && after < 0 ? t('wallet.missing') : t('wallet.balanceAfter')}
          </dt>
          <dd className={insufficient ? 'font-semibold text-red-600' : 'font-semibold'}>
            {after === undefined ? '…' : tokens(Math.abs(after))}
          </dd>
        </div>
      </dl>
      {insufficient && (
        <p className="mt-3 text-sm text-red-600" role="alert">
          {t('wallet.insufficientComeBack')}
        </p>
      )}
      {card && <CardPurchaseOption purchase={card} price={price} returnTo={back} check={cardCheck} />}
    </Dialog>
  );
}
