import type { GatewayName } from '@marquee/shared/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { formatAmount, formatNumber } from '../../../lib/i18n/format';
import { nextGatewayOf } from '../../payments/api';
import { MethodPicker } from '../../payments/components/method-picker';
import { GatewayDownNotice } from '../../payments/components/notices';
import { type CouponCheck, goToCheckout, refreshWallet, tokens, useCards, useWallet, walletApi } from '../api';

const PRESETS = [5, 10, 25, 50, 100, 200, 300];

const round2 = (n: number) => Math.ceil(n * 100 - 1e-6) / 100;

/** Top-up: preset amounts within the site limits, a custom amount, a coupon, checkout or a saved card. */
export function TopUpCard({ suggested, returnTo }: { suggested?: number; returnTo?: string }) {
  const { data: wallet } = useWallet();
  const { data: cards } = useCards();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const min = wallet?.minimumTopUp ?? 2.95;
  const max = wallet?.maximumTopUp ?? 300;
  const initial = suggested ? Math.min(Math.max(round2(suggested), min), max) : 25;
  const [amount, setAmount] = useState(String(initial));
  const [coupon, setCoupon] = useState('');
  const [applied, setApplied] = useState<CouponCheck | null>(null);
  const [cardId, setCardId] = useState('');
  const [busy, setBusy] = useState(false);
  const [gateway, setGateway] = useState<GatewayName | null>(null);
  const [down, setDown] = useState<{ gateway: GatewayName; next: GatewayName } | null>(null);
  const value = Number(amount);
  const outOfRange = !Number.isFinite(value) || value < min || value > max;
  const presets = [...new Set([min, ...PRESETS.filter((p) => p > min && p <= max)])];

  const applyCoupon = async () => {
    if (!coupon.trim()) return;
    try {
      const res = await walletApi.checkCoupon(coupon.trim(), 'topup', outOfRange ? undefined : value);
      setApplied(res);
      toast.success(t('wallet.couponApplied', { code: res.coupon.code }));
    } catch (err) {
      setApplied(null);
      toast.error(getErrorMessage(err));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (outOfRange) return;
    setBusy(true);
    try {
      const p = await walletApi.topUp(
        value,
        applied ? applied.coupon.code : undefined,
        cardId || undefined,
        gateway ?? undefined,
      );
      if (p.checkoutUrl) {
        goToCheckout(p.checkoutUrl, returnTo ?? '/wallet', navigate);
        return;
      }
      await refreshWallet();
      if (p.status === 'succeeded') {
        toast.success(t('wallet.added', { amount: tokens(p.amount) }));
        if (returnTo) navigate(returnTo);
      } else toast.error(p.failureReason ?? t('wallet.paymentFailed'));
    } catch (err) {
      // the processor did not answer: offer the next one (failover), picked already
      const next = nextGatewayOf(err);
      if (next) {
        setDown({ gateway: gateway ?? wallet?.gateway ?? 'sandbox', next });
        setGateway(next);
      } else toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-5">
      <h2 className="mb-3 text-lg font-semibold">{t('wallet.topUp')}</h2>
      <form onSubmit={submit} className="space-y-4" data-testid="topup-form">
        <fieldset className="flex flex-wrap gap-2" aria-label={t('wallet.presetAmounts')}>
          {presets.map((p) => (
            <Button
              key={p}
              type="button"
              size="sm"
              variant={value === p ? 'primary' : 'outline'}
              onClick={() => {
                setAmount(String(p));
                setApplied(null);
              }}
            >
              {formatAmount(p)}
            </Button>
          ))}
        </fieldset>
        <Field
          label={t('wallet.amountTokens')}
          name="topup-amount"
          type="number"
          step="0.01"
          min={min}
          max={max}
          inputMode="decimal"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setApplied(null);
          }}
          error={outOfRange ? t('wallet.topUpRange', { min: formatAmount(min), max: formatAmount(max) }) : undefined}
          hint={t('wallet.tokenRate', { currency: wallet?.currency ?? 'USD' })}
        />
        <div className="flex items-end gap-2">
          <Field
            label={t('wallet.couponCode')}
            name="coupon"
            value={coupon}
            onChange={(e) => {
              setCoupon(e.target.value);
              setApplied(null);
            }}
            autoComplete="off"
          />
          <Button type="button" variant="outline" onClick={applyCoupon} disabled={!coupon.trim()}>
            {t('wallet.apply')}
          </Button>
        </div>
        {applied && (
          <p className="text-sm text-emerald-700 dark:text-emerald-400" data-testid="coupon-applied">
            {applied.coupon.code}:{' '}
            {applied.coupon.kind === 'percentage'
              ? t('wallet.percentOff', { value: formatNumber(applied.coupon.value) })
              : t('wallet.amountOff', { amount: tokens(applied.coupon.value) })}
            {applied.total !== null
              ? ` · ${t('wallet.youPay', { total: formatAmount(applied.total), amount: tokens(value) })}`
              : ''}
          </p>
        )}
        {!cardId && <MethodPicker purpose="topup" value={gateway} onChange={setGateway} />}
        {down && <GatewayDownNotice gateway={down.gateway} next={down.next} />}
        {cards && cards.data.length > 0 && (
          <label className="block text-sm">
            <span className="mb-1.5 block font-medium">{t('wallet.payWith')}</span>
            <select
              className="block h-11 w-full rounded-xl border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-zinc-900"
              value={cardId}
              onChange={(e) => setCardId(e.target.value)}
            >
              <option value="">{t('wallet.cardAtCheckout')}</option>
              {cards.data.map((c) => (
                <option key={c._id} value={c._id}>
                  {t('wallet.savedCard', { brand: c.brand, last4: c.last4 })}
                </option>
              ))}
            </select>
          </label>
        )}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={busy}
          disabled={outOfRange}
          data-testid="topup-submit"
        >
          {outOfRange ? t('wallet.topUp') : t('wallet.topUpAmount', { amount: tokens(value) })}
        </Button>
      </form>
    </Card>
  );
}
