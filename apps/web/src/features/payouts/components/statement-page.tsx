import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { formatAmount, formatDate } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';
import { currentMonth, useStatement } from '../api';
import { money } from './status-badge';

/** /creator/payouts/statement?month=YYYY-MM: the printable monthly statement. */
export function StatementPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const month = params.get('month') ?? currentMonth();
  usePageTitle(t('payouts.statement.pageTitle', { month }));
  const { data, error } = useStatement(month);
  const monthName = formatDate(new Date(`${month}-01T00:00:00Z`), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const c = data?.currency ?? 'USD';
  // printing shows the statement alone (styles.css hides the app's header, menus and footer)
  useEffect(() => {
    document.body.dataset.print = 'statement';
    return () => {
      delete document.body.dataset.print;
    };
  }, []);
  return (
    <div className="mx-auto max-w-4xl p-4 sm:p-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('payouts.statement.heading', { month: monthName })}</h1>
          {data && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {t('payouts.statement.amountsIn', {
                name: data.creator.name,
                username: data.creator.username,
                currency: c,
              })}
            </p>
          )}
        </div>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          {t('payouts.statement.print')}
        </Button>
      </div>
      {error ? (
        <EmptyState title={t('payouts.statement.failed')} level={2} />
      ) : !data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <dl className="mb-6 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" data-testid="statement-totals">
            {(
              [
                [t('payouts.statement.gross'), data.totals.gross],
                [t('payouts.statement.commission'), data.totals.commission],
                [t('payouts.statement.net'), data.totals.net],
                [t('payouts.statement.refunds'), data.totals.refunds],
                [t('payouts.statement.payouts'), data.totals.payouts],
              ] satisfies Array<[string, number]>
            ).map(([label, v]) => (
              <div key={label} className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
                <dt className="text-xs uppercase text-zinc-500">{label}</dt>
                <dd className="text-lg font-semibold">{money(v, c)}</dd>
              </div>
            ))}
          </dl>
          {data.lines.length === 0 ? (
            <EmptyState title={t('payouts.statement.empty')} level={2} />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="statement-lines">
                <thead className="text-left text-xs uppercase text-zinc-500">
                  <tr>
                    <th className="py-2">{t('payouts.statement.date')}</th>
                    <th>{t('payouts.statement.type')}</th>
                    <th>{t('payouts.statement.description2')}</th>
                    <th className="text-right">{t('payouts.statement.gross')}</th>
                    <th className="text-right">{t('payouts.statement.commission')}</th>
                    <th className="text-right">{t('payouts.statement.netShort')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {data.lines.map((l) => (
                    <tr key={`${l.date}-${l.type}-${l.description}-${l.net}`}>
                      <td className="py-2 whitespace-nowrap">{formatDate(l.date)}</td>
                      <td>{t(`payouts.statement.types.${l.type}`)}</td>
                      <td>{l.description}</td>
                      <td className="text-right">{l.gross ? formatAmount(l.gross) : ''}</td>
                      <td className="text-right">{l.commission ? formatAmount(l.commission) : ''}</td>
                      <td className="text-right font-semibold">{formatAmount(l.net)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
