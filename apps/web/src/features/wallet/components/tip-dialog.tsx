import { Gift } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/i18n/format';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { refreshWallet, tokens, topUpPath, useWallet, walletApi } from '../api';

interface TipTarget {
  _id: string;
  name?: string | null;
  username?: string | null;
}

const PRESETS = [10, 20, 50, 100];

/** Tip a creator from the wallet: an amount within the tip limits and an optional message. */
export function TipDialog({
  creator,
  open,
  onOpenChange,
  feedId,
  onSend,
}: {
  creator: TipTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sent from a post card: the creator sees which post was tipped. */
  feedId?: string;
  /** Sends the tip another way (a tip inside a live stream goes through the stream). */
  onSend?: (amount: number, message: string) => Promise<unknown>;
}) {
  const { data: wallet } = useWallet(open);
  const location = useLocation();
  const { t } = useTranslation();
  const min = wallet?.minimumTip ?? 10;
  const max = wallet?.maximumTip ?? 10000;
  const [amount, setAmount] = useState(String(min));
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const value = Number(amount);
  const outOfRange = !Number.isFinite(value) || value < min || value > max;
  const short = wallet !== undefined && value > wallet.balance;
  const who = creator.name || creator.username || t('wallet.thisCreator');

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (outOfRange || short) return;
    setBusy(true);
    try {
      if (onSend) await onSend(value, message.trim());
      else await walletApi.tip(creator._id, value, message.trim(), feedId);
      await refreshWallet();
      toast.success(t('wallet.tipped', { name: who, amount: tokens(value) }));
      setMessage('');
      onOpenChange(false);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('wallet.tipTitle', { name: who })}>
      <form onSubmit={send} className="space-y-4" data-testid="tip-form">
        <div className="flex flex-wrap gap-2">
          {PRESETS.filter((p) => p >= min && p <= max).map((p) => (
            <Button
              key={p}
              type="button"
              size="sm"
              variant={value === p ? 'primary' : 'outline'}
              onClick={() => setAmount(String(p))}
            >
              {p}
            </Button>
          ))}
        </div>
        <Field
          label={t('wallet.amountTokens')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={min}
          max={max}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={
            outOfRange
              ? t('wallet.tipRange', {
                  min: formatNumber(min, { useGrouping: false }),
                  max: formatNumber(max, { useGrouping: false }),
                })
              : undefined
          }
          hint={wallet ? t('wallet.balanceHint', { amount: tokens(wallet.balance) }) : undefined}
          name="tip-amount"
        />
        <div>
          <Label htmlFor="tip-message">{t('wallet.tipMessage')}</Label>
          <textarea
            id="tip-message"
            name="tip-message"
            maxLength={500}
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className="block w-full rounded-xl border border-zinc-300 bg-white px-3.5 py-2 text-[15px] dark:border-zinc-700 dark:bg-zinc-900"
            placeholder={t('wallet.tipPlaceholder', { name: who })}
          />
        </div>
        {short && (
          <p className="text-sm text-red-600" role="alert">
            {t('wallet.insufficient')}{' '}
            <Link
              className="font-semibold underline"
              to={topUpPath(value - (wallet?.balance ?? 0), `${location.pathname}${location.search}`)}
            >
              {t('wallet.topUp')}
            </Link>
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={outOfRange || short || !wallet} data-testid="send-tip">
            {Number.isFinite(value) ? t('wallet.send', { amount: tokens(value) }) : t('wallet.sendTip')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The profile's tip slot: a button that opens the TipDialog (sign-in first for visitors). */
export function TipButton({ creator }: { creator: TipTarget }) {
  const [open, setOpen] = useState(false);
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  if (user && user._id === creator._id) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClasses('outline', 'md')}
        onClick={() => (user ? setOpen(true) : useUiStore.getState().openLogin())}
        data-testid="tip-button"
      >
        <Gift className="size-4" aria-hidden="true" /> {t('wallet.tip')}
      </button>
      {user && <TipDialog creator={creator} open={open} onOpenChange={setOpen} />}
    </>
  );
}
