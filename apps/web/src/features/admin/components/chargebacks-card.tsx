import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { client } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useApi } from '../../../lib/use-api';
import { act, Badge, td } from './kit';

/** The processors whose chargeback fee the admin sets here (Stripe and the sandbox book none by default). */
const FEE_GATEWAYS = ['ccbill', 'segpay', 'verotel'] as const;

type Row = { gateway: string; sales: number; chargebacks: number; percent: number; alerted: boolean };

function RatioBadge({ percent, threshold }: { percent: number; threshold: number }) {
  const { t } = useTranslation();
  const text = `${formatNumber(percent, { maximumFractionDigits: 2 })}%`;
  if (percent > threshold)
    return (
      <Badge tone="red">
        {text} <span className="sr-only">{t('chargebacks.aboveThreshold')}</span>
      </Badge>
    );
  return <Badge tone={percent > threshold / 2 ? 'amber' : 'green'}>{text}</Badge>;
}

function SettingsForm({ threshold, fees }: { threshold: number; fees: Record<string, number> }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(String(threshold));
  const [feeIn, setFeeIn] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setLimit(String(threshold));
    setFeeIn(Object.fromEntries(FEE_GATEWAYS.map((g) => [g, String(fees[g] ?? 0)])));
  }, [threshold, fees]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const chargebackFeeCents = Object.fromEntries(
      FEE_GATEWAYS.map((g) => [g, Math.round(Number(feeIn[g] || 0) * 100)]),
    );
    await act(
      () => client.put('/admin/settings', { body: { chargebackAlertPercent: Number(limit), chargebackFeeCents } }),
      t('chargebacks.saved'),
    );
    setBusy(false);
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-5">
      <Field
        label={t('chargebacks.thresholdLabel')}
        type="number"
        min={0}
        max={100}
        step={0.01}
        value={limit}
        onChange={(e) => setLimit(e.target.value)}
      />
      {FEE_GATEWAYS.map((g) => (
        <Field
          key={g}
          label={t('chargebacks.feeLabel', { gateway: g })}
          type="number"
          min={0}
          step={0.01}
          value={feeIn[g] ?? ''}
          onChange={(e) => setFeeIn((f) => ({ ...f, [g]: e.target.value }))}
        />
      ))}
      <Button type="submit" disabled={busy}>
        {t('chargebacks.save')}
      </Button>
    </form>
  );
}

function GatewayTable({ rows, previous, threshold }: { rows: Row[]; previous: Row[]; threshold: number }) {
  const { t } = useTranslation();
  const gateways = [...new Set([...rows, ...previous].map((r) => r.gateway))].sort();
  if (gateways.length === 0) return <p className="text-sm text-zinc-500">{t('chargebacks.noSales')}</p>;
  const cell = (list: Row[], g: string) => {
    const r = list.find((x) => x.gateway === g);
    if (!r) return '—';
    return (
      <span className="flex flex-wrap items-center gap-2">
        <RatioBadge percent={r.percent} threshold={threshold} />
        <span className="text-zinc-500">{t('chargebacks.counts', { chargebacks: r.chargebacks, sales: r.sales })}</span>
        {r.alerted && <Badge tone="brand">{t('chargebacks.alerted')}</Badge>}
      </span>
    );
  };
  return (
    <div className="overflow-x-auto rounded-2xl border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900/60">
          <tr>
            <th scope="col" className="px-3 py-2.5">
              {t('chargebacks.processor')}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t('chargebacks.thisMonth')}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t('chargebacks.lastMonth')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {gateways.map((g) => (
            <tr key={g}>
              <th scope="row" className={`${td} font-medium`}>
                {g}
              </th>
              <td className={td}>{cell(rows, g)}</td>
              <td className={td}>{cell(previous, g)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The chargeback oversight card (docs/payments.md, "Chargebacks"): ratio per processor this month and
 * last, the creators drawing most chargebacks, the accounts on hold (with "clear"), the threshold and fees.
 */
export function ChargebacksCard() {
  const { t } = useTranslation();
  const { data, error } = useApi('/admin/chargebacks', { query: {} });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('chargebacks.title')}</CardTitle>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('chargebacks.intro')}</p>
      </CardHeader>
      <CardContent className="space-y-6">
        {!data && !error && <Spinner label={t('chargebacks.loading')} />}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {t('chargebacks.loadError')}
          </p>
        )}
        {data && (
          <>
            <section aria-labelledby="cb-processors" className="space-y-2">
              <h3 id="cb-processors" className="font-semibold">
                {t('chargebacks.processorsTitle', { month: data.month, previous: data.previousMonth })}
              </h3>
              <GatewayTable rows={data.gateways} previous={data.previous} threshold={data.thresholdPercent} />
            </section>
            <section aria-labelledby="cb-creators" className="space-y-2">
              <h3 id="cb-creators" className="font-semibold">
                {t('chargebacks.creatorsTitle')}
              </h3>
              {data.creators.length === 0 ? (
                <p className="text-sm text-zinc-500">{t('chargebacks.noCreators')}</p>
              ) : (
                <ul className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
                  {data.creators.map((c) => (
                    <li key={c.creator._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
                      <span className="font-medium">{c.creator.username ?? c.creator._id}</span>
                      <span className="flex flex-wrap items-center gap-2">
                        <RatioBadge percent={c.percent} threshold={data.thresholdPercent} />
                        <span className="text-zinc-500">
                          {t('chargebacks.counts', { chargebacks: c.chargebacks, sales: c.sales })}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="cb-held" className="space-y-2">
              <h3 id="cb-held" className="font-semibold">
                {t('chargebacks.heldTitle')}
              </h3>
              <p className="text-sm text-zinc-500">{t('chargebacks.heldIntro')}</p>
              {data.held.length === 0 ? (
                <p className="text-sm text-zinc-500">{t('chargebacks.noHeld')}</p>
              ) : (
                <ul className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
                  {data.held.map((u) => (
                    <li key={u._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                      <span>
                        <span className="font-medium">{u.username ?? u._id}</span>{' '}
                        <span className="text-zinc-500">{t('chargebacks.since', { date: formatDate(u.since) })}</span>
                      </span>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t('chargebacks.clearFor', { user: u.username ?? u._id })}
                        onClick={() =>
                          act(
                            () => client.delete('/admin/users/{id}/chargeback-hold', { path: { id: u._id } }),
                            t('chargebacks.cleared'),
                          )
                        }
                      >
                        {t('chargebacks.clear')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="cb-settings" className="space-y-2">
              <h3 id="cb-settings" className="font-semibold">
                {t('chargebacks.settingsTitle')}
              </h3>
              <SettingsForm threshold={data.thresholdPercent} fees={data.fees} />
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
