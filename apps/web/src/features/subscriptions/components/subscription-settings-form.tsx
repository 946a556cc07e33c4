import type { SubscriptionSettings } from '@marquee/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
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
      toast.success('Changes saved');
    } catch (err) {
      toast.error(getErrorMessage(err, 'Error occurred, please try again later'));
    } finally {
      setSaving(false);
    }
  };

  const range = `Between ${lim.minimumPrice.toFixed(2)} and ${lim.maximumPrice.toFixed(2)}`;
  return (
    <form onSubmit={save} className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6" data-testid="subscription-settings">
      <h1 className="text-2xl font-bold">Subscription settings</h1>
      <Card className="grid gap-4 p-5 sm:grid-cols-2">
        <Field
          label="Monthly price"
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
          label="12-month price"
          type="number"
          step="0.01"
          min={lim.minimumPrice}
          max={lim.maximumPrice}
          value={f.yearlyPrice}
          onChange={(e) => set({ yearlyPrice: e.target.value })}
          hint={
            monthly > 0
              ? `Saves fans ${Math.max(0, Math.round(100 - (Number(f.yearlyPrice) * 100) / (monthly * 12)))}% vs monthly`
              : range
          }
          required
        />
      </Card>
      <Card className="grid gap-4 p-5 sm:grid-cols-2">
        <p className="text-sm font-semibold sm:col-span-2">Bundles (leave empty to not offer)</p>
        <Field
          label="3 months: discount %"
          type="number"
          min={1}
          max={90}
          value={f.three}
          onChange={(e) => set({ three: e.target.value })}
          hint={bundle(3, f.three) ? `Fans pay ${bundle(3, f.three)} for 3 months` : 'Not offered'}
        />
        <Field
          label="6 months: discount %"
          type="number"
          min={1}
          max={90}
          value={f.six}
          onChange={(e) => set({ six: e.target.value })}
          hint={bundle(6, f.six) ? `Fans pay ${bundle(6, f.six)} for 6 months` : 'Not offered'}
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
          Free trial for new fans
        </label>
        {lim.freeSubscriptionsAllowed ? (
          <Field
            label="Trial length (days)"
            type="number"
            min={1}
            max={lim.maximumFreeDays}
            value={f.freeDays}
            onChange={(e) => set({ freeDays: e.target.value })}
            hint={`At most ${lim.maximumFreeDays} day(s) on this site; once per fan`}
            disabled={!f.freeEnabled}
          />
        ) : (
          <p className="text-sm text-zinc-500">Free subscriptions are turned off on this site.</p>
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
          Promotion: a discount on the first period for new subscribers
        </label>
        {f.promoOn && (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label="Discount %"
              type="number"
              min={1}
              max={90}
              value={f.promoPercent}
              onChange={(e) => set({ promoPercent: e.target.value })}
              required
            />
            <Field
              label="Ends on"
              type="date"
              value={f.promoEnds}
              onChange={(e) => set({ promoEnds: e.target.value })}
              required
            />
            <Field
              label="Cap (fans)"
              type="number"
              min={1}
              value={f.promoLimit}
              onChange={(e) => set({ promoLimit: e.target.value })}
              hint={data.promotion ? `${data.promotion.used} used` : 'Empty = no cap'}
            />
          </div>
        )}
      </Card>
      <Button type="submit" size="lg" loading={saving}>
        Save
      </Button>
    </form>
  );
}
