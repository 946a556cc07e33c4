import { CHECKOUT_PURPOSES, type CheckoutPurpose, type GatewayName } from '@marquee/shared/payments';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/i18n/format';
import { apiKey } from '../../../lib/use-api';
import { saveSettings } from '../../admin/api';
import { Badge, Table, td } from '../../admin/components/kit';
import { type AdminGateways, paymentsApi, useAdminGateways } from '../api';

type Row = AdminGateways['gateways'][number];

/** The admin's list: listed gateways in their order, then the others (inactive). */
function initialRows(data: AdminGateways): Row[] {
  const listed = data.gateways.filter((g) => g.position !== null).sort((a, b) => a.position! - b.position!);
  return [...listed, ...data.gateways.filter((g) => g.position === null)];
}

const PURPOSE_LABEL = { topup: 'topup', subscription: 'subscription', purchase: 'purchase' } as const;

/**
 * The console's gateway section (issue 25): which gateways are configured (what is missing), which
 * are active for top-ups, subscriptions and single purchases, their order (the first is the site's
 * default `paymentGateway`), a "test connection" per gateway, and approval rates per processor and month.
 * Saved as the `paymentGateways` setting through PUT /admin/settings (audit-logged there).
 */
export function AdminGatewaysCard() {
  const { t } = useTranslation();
  const { data } = useAdminGateways();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState<GatewayName | null>(null);
  const [results, setResults] = useState<Partial<Record<GatewayName, { ok: boolean; text: string }>>>({});

  useEffect(() => {
    if (data) setRows(initialRows(data));
  }, [data]);

  if (!data || !rows) return <Spinner label={t('payments.admin.title')} />;

  const name = (g: GatewayName) => t(`payments.gateways.${g}`);
  const active = (r: Row) => CHECKOUT_PURPOSES.some((p) => r[p]);
  const lacking = CHECKOUT_PURPOSES.some((p) => !rows.some((r) => r[p] && r.configured));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setRows(next);
  };
  const toggle = (i: number, p: CheckoutPurpose) => setRows(rows.map((r, j) => (j === i ? { ...r, [p]: !r[p] } : r)));

  const save = async () => {
    const list = rows
      .filter(active)
      .map((r) => ({ gateway: r.gateway, topup: r.topup, subscription: r.subscription, purchase: r.purchase }));
    setBusy(true);
    try {
      await saveSettings({ paymentGateways: list, ...(list[0] ? { paymentGateway: list[0].gateway } : {}) });
      await mutate(apiKey('/admin/payments/gateways'));
      toast.success(t('payments.admin.saved'));
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const test = async (g: GatewayName) => {
    setTesting(g);
    try {
      const r = await paymentsApi.testGateway(g);
      const text = t(r.ok ? 'payments.admin.testOk' : 'payments.admin.testFailed', {
        gateway: name(g),
        message: r.message,
      });
      setResults({ ...results, [g]: { ok: r.ok, text } });
    } catch (err) {
      setResults({ ...results, [g]: { ok: false, text: getErrorMessage(err) } });
    } finally {
      setTesting(null);
    }
  };

  const firstActive = rows.find(active)?.gateway;
  return (
    <Card data-testid="admin-gateways">
      <CardHeader>
        <CardTitle>{t('payments.admin.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>{t('payments.admin.description')}</p>
        <Table
          head={[
            t('payments.admin.order'),
            t('payments.admin.gateway'),
            t('payments.admin.status'),
            ...CHECKOUT_PURPOSES.map((p) => t(`payments.admin.${PURPOSE_LABEL[p]}`)),
            '',
          ]}
        >
          {rows.map((r, i) => (
            <tr key={r.gateway} data-testid={`gateway-${r.gateway}`}>
              <td className={td}>
                <div className="flex gap-1">
                  <Button
                    size="icon"
                    variant="ghost"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('payments.admin.moveUp', { gateway: name(r.gateway) })}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('payments.admin.moveDown', { gateway: name(r.gateway) })}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </td>
              <td className={`${td} font-medium whitespace-nowrap`}>
                {name(r.gateway)}{' '}
                {r.gateway === firstActive && <Badge tone="brand">{t('payments.admin.defaultBadge')}</Badge>}
              </td>
              <td className={td}>
                {r.configured ? (
                  <Badge tone="green">{t('payments.admin.configured')}</Badge>
                ) : (
                  <Badge tone="amber">{t('payments.admin.notConfigured', { missing: r.missing.join(', ') })}</Badge>
                )}
              </td>
              {CHECKOUT_PURPOSES.map((p) => (
                <td key={p} className={td}>
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={r[p]}
                    onChange={() => toggle(i, p)}
                    aria-label={`${name(r.gateway)}: ${t(`payments.admin.${PURPOSE_LABEL[p]}`)}`}
                  />
                </td>
              ))}
              <td className={td}>
                <Button
                  size="sm"
                  variant="outline"
                  loading={testing === r.gateway}
                  onClick={() => test(r.gateway)}
                  title={r.test === 'remote' ? t('payments.admin.testRemote') : t('payments.admin.testLocal')}
                  data-testid={`test-${r.gateway}`}
                >
                  {t('payments.admin.testConnection')}
                </Button>
                {results[r.gateway] && (
                  <p
                    role="status"
                    className={
                      results[r.gateway]!.ok
                        ? 'mt-1 text-xs text-emerald-700 dark:text-emerald-400'
                        : 'mt-1 text-xs text-red-700 dark:text-red-400'
                    }
                  >
                    {results[r.gateway]!.text}
                  </p>
                )}
              </td>
            </tr>
          ))}
        </Table>
        {lacking && <p className="text-amber-700 dark:text-amber-400">{t('payments.admin.needOne')}</p>}
        <Button onClick={save} loading={busy} data-testid="save-gateways">
          {t('payments.admin.save')}
        </Button>
        <h3 className="pt-2 text-base font-semibold">{t('payments.admin.approvalTitle')}</h3>
        <p>{t('payments.admin.approvalDescription')}</p>
        {data.approvalRates.length === 0 ? (
          <p className="text-zinc-500">{t('payments.admin.noAttempts')}</p>
        ) : (
          <Table
            head={[
              t('payments.admin.month'),
              t('payments.admin.gateway'),
              t('payments.admin.attempted'),
              t('payments.admin.approvedCount'),
              t('payments.admin.rate'),
              t('payments.admin.open'),
            ]}
          >
            {data.approvalRates.map((a) => (
              <tr key={`${a.month}-${a.gateway}`}>
                <td className={td}>{a.month}</td>
                <td className={td}>{name(a.gateway)}</td>
                <td className={td}>{formatNumber(a.attempted)}</td>
                <td className={td}>{formatNumber(a.approved)}</td>
                <td className={td}>{a.rate === null ? '—' : `${formatNumber(Math.round(a.rate * 1000) / 10)} %`}</td>
                <td className={td}>{formatNumber(a.open)}</td>
              </tr>
            ))}
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
