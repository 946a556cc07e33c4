import type { PayoutSettings } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { payoutActions, refreshPayouts } from '../api';

const EMPTY = {
  firstName: '',
  lastName: '',
  bankName: '',
  iban: '',
  accountNumber: '',
  routingNumber: '',
  swiftCode: '',
  country: '',
};

/** An optional field left blank is not sent. */
const filled = (value: string) => (value.trim() ? value : undefined);

/** Payout methods: bank transfer, PayPal, Stripe Connect. Saved details come back masked only. */
export function PayoutSettingsCard({
  performerId,
  settings,
}: {
  performerId: string;
  settings: PayoutSettings | undefined;
}) {
  const { t } = useTranslation();
  const [bank, setBank] = useState(EMPTY);
  const [editingBank, setEditingBank] = useState(false);
  const [paypal, setPaypal] = useState('');
  const [busy, setBusy] = useState<'bank' | 'paypal' | 'stripe' | null>(null);
  const [bankError, setBankError] = useState<string | undefined>();
  const [paypalError, setPaypalError] = useState<string | undefined>();
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setBank((b) => ({ ...b, [k]: e.target.value }));
  const showBankForm = editingBank || !settings?.bank;

  const saveBank = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('bank');
    setBankError(undefined);
    try {
      await payoutActions.saveBank(performerId, {
        firstName: bank.firstName,
        lastName: bank.lastName,
        bankName: bank.bankName,
        iban: filled(bank.iban),
        accountNumber: filled(bank.accountNumber),
        routingNumber: filled(bank.routingNumber),
        swiftCode: filled(bank.swiftCode),
        country: filled(bank.country),
      });
      toast.success(t('payouts.saved'));
      setBank(EMPTY);
      setEditingBank(false);
      await refreshPayouts();
    } catch (err) {
      setBankError(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const savePaypal = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('paypal');
    setPaypalError(undefined);
    try {
      await payoutActions.savePaypal(performerId, paypal);
      toast.success(t('payouts.saved'));
      setPaypal('');
      await refreshPayouts();
    } catch (err) {
      setPaypalError(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const stripe = async () => {
    setBusy('stripe');
    try {
      const { url } = await payoutActions.startStripe();
      window.location.assign(url);
    } catch (err) {
      toast.error(getErrorMessage(err));
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payouts.settings.title')}</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('payouts.settings.description')}</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="bank-heading">
          <h3 id="bank-heading" className="mb-2 font-semibold">
            {t('payouts.method.bank')}
          </h3>
          {settings?.bank && !editingBank && (
            <div
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60"
              data-testid="bank-saved"
            >
              <span>
                {settings.bank.firstName} {settings.bank.lastName} · {settings.bank.bankName}
                {settings.bank.country ? ` (${settings.bank.country})` : ''} ·{' '}
                <span className="font-mono">{settings.bank.iban ?? settings.bank.accountNumber}</span>
              </span>
              <Button size="sm" variant="outline" onClick={() => setEditingBank(true)}>
                {t('payouts.settings.replace')}
              </Button>
            </div>
          )}
          {showBankForm && (
            <form onSubmit={saveBank} className="grid gap-3 sm:grid-cols-2" aria-label={t('payouts.settings.bankForm')}>
              <Field
                label={t('payouts.settings.firstName')}
                value={bank.firstName}
                onChange={set('firstName')}
                required
                autoComplete="given-name"
              />
              <Field
                label={t('payouts.settings.lastName')}
                value={bank.lastName}
                onChange={set('lastName')}
                required
                autoComplete="family-name"
              />
              <Field label={t('payouts.settings.bankName')} value={bank.bankName} onChange={set('bankName')} required />
              <Field
                label={t('payouts.settings.country')}
                value={bank.country}
                onChange={set('country')}
                maxLength={2}
              />
              <Field
                label={t('payouts.settings.iban')}
                value={bank.iban}
                onChange={set('iban')}
                hint={t('payouts.settings.ibanHint')}
              />
              <Field
                label={t('payouts.settings.accountNumber')}
                value={bank.accountNumber}
                onChange={set('accountNumber')}
              />
              <Field
                label={t('payouts.settings.routingNumber')}
                value={bank.routingNumber}
                onChange={set('routingNumber')}
              />
              <Field label={t('payouts.settings.swift')} value={bank.swiftCode} onChange={set('swiftCode')} />
              {bankError && (
                <p role="alert" className="text-sm text-red-600 sm:col-span-2 dark:text-red-400">
                  {bankError}
                </p>
              )}
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" loading={busy === 'bank'}>
                  {t('payouts.settings.saveBank')}
                </Button>
                {settings?.bank && (
                  <Button type="button" variant="ghost" onClick={() => setEditingBank(false)}>
                    {t('payouts.cancelEdit')}
                  </Button>
                )}
              </div>
            </form>
          )}
        </section>
        <section aria-labelledby="paypal-heading">
          <h3 id="paypal-heading" className="mb-2 font-semibold">
            {t('payouts.method.paypal')}
          </h3>
          {settings?.paypal && (
            <p className="mb-2 text-sm" data-testid="paypal-saved">
              {t('payouts.settings.paypalSaved')} <span className="font-mono">{settings.paypal.email}</span>
            </p>
          )}
          <form
            onSubmit={savePaypal}
            className="flex flex-wrap items-end gap-3"
            aria-label={t('payouts.method.paypal')}
          >
            <div className="min-w-60 flex-1">
              <Field
                label={settings?.paypal ? t('payouts.settings.newPaypal') : t('payouts.settings.paypalEmail')}
                type="email"
                value={paypal}
                onChange={(e) => setPaypal(e.target.value)}
                required
                error={paypalError}
              />
            </div>
            <Button type="submit" variant="secondary" loading={busy === 'paypal'}>
              {t('payouts.settings.savePaypal')}
            </Button>
          </form>
        </section>
        <section aria-labelledby="stripe-heading">
          <h3 id="stripe-heading" className="mb-2 font-semibold">
            {t('payouts.method.stripe')}
          </h3>
          <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="stripe-state">
            {settings && !settings.stripeAvailable && !settings.stripe
              ? t('payouts.settings.stripeOff')
              : !settings?.stripe
                ? t('payouts.settings.stripeIntro')
                : settings.stripe.payoutsEnabled
                  ? t('payouts.settings.stripeEnabled')
                  : settings.stripe.detailsSubmitted
                    ? t('payouts.settings.stripeChecking')
                    : t('payouts.settings.stripeUnfinished')}
          </p>
          {settings?.stripeAvailable && !settings.stripe?.payoutsEnabled && (
            <Button variant="outline" onClick={stripe} loading={busy === 'stripe'}>
              {settings?.stripe ? t('payouts.settings.stripeContinue') : t('payouts.settings.stripeConnect')}
            </Button>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
