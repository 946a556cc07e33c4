import type { PayoutCalculation, PayoutMethod, PayoutSettings } from '@marquee/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Field,
  inputClasses,
  Label,
  toast,
} from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { type PendingReview, payoutActions, refreshPayouts } from '../api';
import { money } from './status-badge';

/** The request form: amount between the minimum and what is available, a configured method, a note. */
export function RequestForm({
  figures,
  settings,
  check,
}: {
  figures: PayoutCalculation | undefined;
  settings: PayoutSettings | undefined;
  check: PendingReview | undefined;
}) {
  const { t } = useTranslation();
  const methods = settings?.methods ?? [];
  const [amount, setAmount] = useState('');
  /** The amount follows what is available until the creator types one (and again after a request). */
  const [typed, setTyped] = useState(false);
  const [method, setMethod] = useState<PayoutMethod | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!method && methods.length > 0) setMethod(methods[0]);
  }, [method, methods]);
  useEffect(() => {
    if (figures && !typed) setAmount(figures.available >= figures.minimumPayout ? figures.available.toFixed(2) : '');
  }, [figures, typed]);

  const min = figures?.minimumPayout ?? 50;
  const currency = figures?.currency ?? 'USD';
  const blocked =
    check && !check.canRequest ? check.reason : methods.length === 0 ? t('payouts.request.noMethod') : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = Number(amount);
    if (!Number.isFinite(value) || value < min)
      return setError(t('payouts.request.minimum', { amount: money(min, currency) }));
    if (figures && value > figures.available) return setError(t('payouts.request.tooMuch'));
    if (!method) return setError(t('payouts.request.chooseMethod'));
    setError(undefined);
    setSaving(true);
    try {
      await payoutActions.request({ amount: value, paymentAccountType: method, requestNote: note || undefined });
      toast.success(t('payouts.request.requested'));
      setNote('');
      setTyped(false);
      await refreshPayouts();
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payouts.request.title')}</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('payouts.request.intro', { amount: money(min, currency), count: figures?.holdDays ?? 7 })}
        </p>
      </CardHeader>
      <CardContent>
        {blocked && (
          <p
            className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="payout-blocked"
          >
            {blocked}
          </p>
        )}
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label={t('payouts.request.title')}>
          <Field
            label={t('payouts.request.amount', { currency })}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={min}
            value={amount}
            onChange={(e) => {
              setTyped(true);
              setAmount(e.target.value);
            }}
            error={error}
            hint={
              figures ? t('payouts.request.availableNow', { amount: money(figures.available, currency) }) : undefined
            }
            disabled={Boolean(blocked)}
          />
          <div>
            <Label htmlFor="payout-method">{t('payouts.request.method')}</Label>
            <select
              id="payout-method"
              className={inputClasses}
              value={method}
              onChange={(e) => setMethod(methods.find((m) => m === e.target.value) ?? '')}
              disabled={Boolean(blocked) || methods.length === 0}
            >
              {methods.length === 0 && <option value="">{t('payouts.request.noMethodOption')}</option>}
              {methods.map((m) => (
                <option key={m} value={m}>
                  {t(`payouts.method.${m}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:col-span-2">
            <Field
              label={t('payouts.request.note')}
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
              disabled={Boolean(blocked)}
            />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={saving} disabled={Boolean(blocked)} data-testid="payout-submit">
              {t('payouts.request.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
