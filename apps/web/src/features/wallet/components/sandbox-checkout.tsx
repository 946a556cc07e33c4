import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { formatAmount } from '../../../lib/i18n/format';
import { refreshWallet, safeReturnTo, tokens, usePayment, walletApi } from '../api';

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0025 0000 3155', outcome: 'secondStep' },
] as const;

/** Two years ahead, as MM/YY. */
function defaultExpiry(): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String((d.getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** An error for a malformed or past MM/YY expiry, else undefined. */
export function checkExpiry(value: string): string | undefined {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return i18n.t('wallet.checkout.expiryFormat');
  const now = new Date();
  const year = 2000 + Number(m[2]);
  if (year < now.getFullYear() || (year === now.getFullYear() && Number(m[1]) < now.getMonth() + 1))
    return i18n.t('wallet.checkout.expired');
  return undefined;
}

/**
 * The sandbox gateway's checkout (`/payment/sandbox/checkout/:id`) for every
 * card payment (top-ups, subscriptions …): a clearly labelled TEST page. Paying
 * goes through the API (which confirms through the same webhook code path as
 * real gateways), then back to where the fan came from.
 */
export function SandboxCheckout({ paymentId, returnTo }: { paymentId: string; returnTo?: string | null }) {
  const { data, isLoading, error, mutate } = usePayment(paymentId);
  const { t } = useTranslation();
  const [card, setCard] = useState<string>(TEST_CARDS[0].number);
  const [saveCard, setSaveCard] = useState(false);
  // Test cards take any future expiry and any CVC; they are checked here like a real checkout would.
  const [expiry, setExpiry] = useState(defaultExpiry);
  const [cvc, setCvc] = useState('123');
  const [tried, setTried] = useState(false);
  const expiryError = tried ? checkExpiry(expiry) : undefined;
  const cvcError = tried && !/^\d{3,4}$/.test(cvc.trim()) ? t('wallet.checkout.cvcFormat') : undefined;
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const back = safeReturnTo(returnTo);

  const done = async (amount: number) => {
    if (data?.purpose === 'topup') {
      await refreshWallet();
      toast.success(t('wallet.checkout.topUpReceived', { amount: tokens(amount) }));
      navigate(back, { replace: true });
      return;
    }
    // What a card payment bought (a subscription …) shows on many pages: come back with a fresh
    // load, as a return from a hosted checkout (Stripe) does, so no page shows what it held before.
    toast.success(t('wallet.checkout.received', { what: data?.description ?? t('wallet.checkout.thankYou') }));
    window.location.replace(back);
  };

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (checkExpiry(expiry) || !/^\d{3,4}$/.test(cvc.trim())) return;
    setBusy(true);
    try {
      // A declined payment is closed: another card pays the same purchase as a fresh payment.
      const retry = data?.status === 'failed' ? await walletApi.sandboxRetry(paymentId) : null;
      const id = retry?._id ?? paymentId;
      const p = await walletApi.sandboxPay(id, card, saveCard);
      if (retry) {
        if (p.status === 'succeeded') return await done(p.amount);
        navigate(`/payment/sandbox/checkout/${id}?returnTo=${encodeURIComponent(back)}`, { replace: true });
      } else await mutate(p, { revalidate: false });
      if (p.status === 'succeeded') await done(p.amount);
      else if (p.status === 'requires_action') toast.info(t('wallet.checkout.bankAsks'));
      else toast.error(p.failureReason ?? t('wallet.checkout.cardDeclined'));
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (approve: boolean) => {
    setBusy(true);
    try {
      const p = await walletApi.sandboxConfirm(paymentId, approve);
      await mutate(p, { revalidate: false });
      if (p.status === 'succeeded') await done(p.amount);
      else toast.error(p.failureReason ?? t('wallet.checkout.authFailed'));
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (isLoading) return <Skeleton className="m-6 h-64" />;
  if (error || !data)
    return <p className="p-6 text-red-600">{getErrorMessage(error, t('wallet.checkout.notFound'))}</p>;
  return (
    <div className="mx-auto max-w-md p-4 sm:p-6" data-testid="sandbox-checkout">
      <p
        className="mb-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-100 px-3 py-2 text-center text-sm font-bold uppercase tracking-wide text-amber-900"
        role="note"
      >
        {t('wallet.checkout.banner')}
      </p>
      <Card className="space-y-4 p-5">
        <div>
          <h1 className="text-sm font-normal text-zinc-500">{data.description}</h1>
          <p className="text-3xl font-bold">
            {data.purpose === 'topup' ? tokens(data.amount) : `${formatAmount(data.amount)} ${data.currency}`}
          </p>
          {data.discount > 0 && (
            <p className="text-sm text-emerald-700">
              {t('wallet.checkout.coupon', {
                discount: formatAmount(data.discount),
                charged: `${formatAmount(data.charged)} ${data.currency}`,
              })}
            </p>
          )}
        </div>
        {data.status === 'succeeded' ? (
          <p className="text-emerald-700">
            {t('wallet.checkout.paid')} <Link to={back}>{t('wallet.checkout.continue')}</Link>
          </p>
        ) : data.status === 'requires_action' ? (
          <div className="space-y-3" data-testid="sandbox-second-step">
            <p className="text-sm">{t('wallet.checkout.approveText')}</p>
            <div className="flex gap-2">
              <Button className="flex-1" loading={busy} onClick={() => confirm(true)} data-testid="sandbox-approve">
                {t('wallet.checkout.approve')}
              </Button>
              <Button className="flex-1" variant="outline" disabled={busy} onClick={() => confirm(false)}>
                {t('wallet.checkout.failAuth')}
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={pay} className="space-y-3">
            {data.status === 'failed' && data.failureReason && (
              <p className="text-sm text-red-600" role="alert">
                {data.failureReason}
              </p>
            )}
            <Field
              label={t('wallet.checkout.cardNumber')}
              name="card-number"
              value={card}
              onChange={(e) => setCard(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
            />
            <div className="grid grid-cols-2 gap-3">
              <Field
                label={t('wallet.checkout.expiry')}
                name="card-expiry"
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                placeholder="12/30"
                inputMode="numeric"
                autoComplete="off"
                error={expiryError}
              />
              <Field
                label={t('wallet.checkout.cvc')}
                name="card-cvc"
                value={cvc}
                onChange={(e) => setCvc(e.target.value)}
                placeholder="123"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                error={cvcError}
              />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />{' '}
              {t('wallet.checkout.saveCard')}
            </label>
            <Button type="submit" className="w-full" size="lg" loading={busy} data-testid="sandbox-pay">
              {t('wallet.pay', { amount: `${formatAmount(data.charged)} ${data.currency}` })}
            </Button>
          </form>
        )}
        <div className="rounded-xl bg-zinc-50 p-3 text-sm dark:bg-zinc-900">
          <p className="mb-1 font-semibold">{t('wallet.checkout.testCards')}</p>
          <ul className="space-y-1" data-testid="test-cards">
            {TEST_CARDS.map((c) => (
              <li key={c.number} className="flex flex-wrap justify-between gap-x-3">
                <button
                  type="button"
                  className="font-mono whitespace-nowrap underline-offset-2 hover:underline"
                  onClick={() => setCard(c.number)}
                >
                  {c.number}
                </button>
                <span className="text-zinc-500">{t(`wallet.checkout.${c.outcome}`)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-zinc-500">{t('wallet.checkout.anyExpiry')}</p>
        </div>
        <Link to={back} className="block text-center text-sm text-zinc-500 hover:underline">
          {t('wallet.checkout.cancel')}
        </Link>
      </Card>
    </div>
  );
}
