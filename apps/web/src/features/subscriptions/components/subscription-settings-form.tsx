import type { SubscriptionSettings } from '@marquee/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { formatAmount, formatNumber } from '../../../lib/i18n/format';
import { money, subscriptionsApi, useSubscriptionSettings } from '../api';

interface FormState {
  monthlyPrice: string;
  yearlyPrice: string;
  three: string;
  six: string;
  freeEnabled: boolean;
  freeDays: string;
  promoOn: boolean;
  promoPercent: string;
  promoEnds: string;
  promoLimit: string;
}

const toForm = (s: SubscriptionSettings): FormState => ({
  monthlyPrice: s.monthlyPrice.toFixed(2),
  yearlyPrice: s.yearlyPrice.toFixed(2),
  three: s.threeMonthsDiscount ? String(s.threeMonthsDiscount) : '',
  six: s.sixMonthsDiscount ? String(s.sixMonthsDiscount) : '',
  freeEnabled: s.freeSubscriptionEnabled,
  freeDays: String(s.freeSubscriptionDays),
  promoOn: Boolean(s.promotion),
  promoPercent: s.promotion ? String(s.promotion.discountPercent) : '20',
  promoEnds: s.promotion
    ? s.promotion.endsAt.slice(0, 10)
    : new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  promoLimit: s.promotion?.limit ? String(s.promotion.limit) : '',
});

/** /creator/subscription-settings: prices, bundles, free offer and a promotion, within the site's limits. */
export function SubscriptionSettingsForm() {
  const { t } = useTranslation();
  const { data, mutate, isLoading } = useSubscriptionSettings();
  const [f, setF] = useState<FormState | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data && !f) setF(toForm(data));
  }, [data, f]);
  if (isLoading || !data || !f) return <Skeleton className="m-6 h-96" />;
  const set = (patch: Partial<FormState>) => setF({ ...f, ...patch });
  const monthly = Number(f.monthlyPrice) || 0;
  const bundle = (months: number, d: string) =>
    d ? money(Math.round(monthly * months * (100 - Number(d))) / 100) : null;
  const lim = data.limits;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await subscriptionsApi.saveSettings({
        monthlyPrice: Number(f.monthlyPrice),
        yearlyPrice: Number(f.yearlyPrice),
        threeMonthsDiscount: f.three ? Number(f.three) : null,
        sixMonthsDiscount: f.six ? Number(f.six) : null,
        ...(lim.freeSubscriptionsAllowed
          ? { freeSubscriptionEnabled: f.freeEnabled, freeSubscriptionDays: Number(f.freeDays) }
          : {}),
        promotion: f.promoOn
          ? {
              discountPercent: Number(f.promoPercent),
              endsAt: new Date(`${f.promoEnds}T23:59:59Z`).toISOString(),
              limit: f.promoLimit ? Number(f.promoLimit) : null,
            }
          : null,
      });
      await mutate(saved, { revalidate: false });
      setF(toForm(saved));
      toast.success(t('errors.changesSaved'));
    } catch (err) {
      toast.error(getErrorMessage(err, t('errors.tryAgain')));
    } finally {
      setSaving(false);
    }
  };

  const range = t('subscriptions.settings.range', {
    min: formatAmount(lim.minimumPrice),
    max: formatAmount(lim.maximumPrice),
  });
  return (
    <form onSubmit={save} className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6" data-testid="subscription-settings">
      <h1 className="text-2xl font-bold">{t('subscriptions.settings.title')}</h1>
      <Card className="grid gap-4 p-5 sm:grid-cols-2">
        <Field
          label={t('subscriptions.settings.monthly')}
          type="number"
          step="0.01"
          min={lim.minimumPrice}
          max={lim.maximumPrice}
          value={f.monthlyPrice}
          onChange={(e) => set({ monthlyPrice: e.target.value })}
          hint={range}
          required
        />
        <Field
          label={t('subscriptions.settings.yearly')}
          type="number"
          step="0.01"
          min={lim.minimumPrice}
          max={lim.maximumPrice}
          value={f.yearlyPrice}
          onChange={(e) => set({ yearlyPrice: e.target.value })}
          hint={
            monthly > 0
              ? t('subscriptions.settings.saves', {
                  percent: formatNumber(Math.max(0, Math.round(100 - (Number(f.yearlyPrice) * 100) / (monthly * 12)))),
                })
              : range
          }
          required
        />
      </Card>
      <Card className="grid gap-4 p-5 sm:grid-cols-2">
        <p className="text-sm font-semibold sm:col-span-2">{t('subscriptions.settings.bundles')}</p>
        <Field
          label={t('subscriptions.settings.three')}
          type="number"
          min={1}
          max={90}
          value={f.three}
          onChange={(e) => set({ three: e.target.value })}
          hint={
            bundle(3, f.three)
              ? t('subscriptions.settings.fansPay', { price: bundle(3, f.three), count: 3 })
              : t('subscriptions.settings.notOffered')
          }
        />
        <Field
          label={t('subscriptions.settings.six')}
          type="number"
          min={1}
          max={90}
          value={f.six}
          onChange={(e) => set({ six: e.target.value })}
          hint={
            bundle(6, f.six)
              ? t('subscriptions.settings.fansPay', { price: bundle(6, f.six), count: 6 })
              : t('subscriptions.settings.notOffered')
          }
        />
      </Card>
      <Card className="space-y-3 p-5">
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="accent-brand-600"
            checked={f.freeEnabled && lim.freeSubscriptionsAllowed}
            disabled={!lim.freeSubscriptionsAllowed}
            onChange={(e) => set({ freeEnabled: e.target.checked })}
          />
          {t('subscriptions.settings.free')}
        </label>
        {lim.freeSubscriptionsAllowed ? (
          <Field
            label={t('subscriptions.settings.trialDays')}
            type="number"
            min={1}
            max={lim.maximumFreeDays}
            value={f.freeDays}
            onChange={(e) => set({ freeDays: e.target.value })}
            hint={t('subscriptions.settings.trialMax', { count: lim.maximumFreeDays })}
            disabled={!f.freeEnabled}
          />
        ) : (
          <p className="text-sm text-zinc-500">{t('subscriptions.settings.freeOff')}</p>
        )}
      </Card>
      <Card className="space-y-3 p-5">
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="accent-brand-600"
            checked={f.promoOn}
            onChange={(e) => set({ promoOn: e.target.checked })}
          />
          {t('subscriptions.settings.promo')}
        </label>
        {f.promoOn && (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label={t('subscriptions.settings.discount')}
              type="number"
              min={1}
              max={90}
              value={f.promoPercent}
              onChange={(e) => set({ promoPercent: e.target.value })}
              required
            />
            <Field
              label={t('subscriptions.settings.endsOn')}
              type="date"
              value={f.promoEnds}
              onChange={(e) => set({ promoEnds: e.target.value })}
              required
            />
            <Field
              label={t('subscriptions.settings.cap')}
              type="number"
              min={1}
              value={f.promoLimit}
              onChange={(e) => set({ promoLimit: e.target.value })}
              hint={
                data.promotion
                  ? t('subscriptions.settings.used', { count: data.promotion.used })
                  : t('subscriptions.settings.noCap')
              }
            />
          </div>
        )}
      </Card>
      <Button type="submit" size="lg" loading={saving}>
        {t('subscriptions.settings.save')}
      </Button>
    </form>
  );
}
