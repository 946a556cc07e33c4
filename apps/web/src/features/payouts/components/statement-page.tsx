import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { usePageTitle } from '../../settings/hooks';
import { currentMonth, useStatement } from '../api';
import { money } from './status-badge';

const TYPE_LABEL = { earning: 'Earning', refund: 'Refund', chargeback: 'Chargeback', payout: 'Payout' } as const;

/** /creator/payouts/statement?month=YYYY-MM: the printable monthly statement. */
export function StatementPage() {
  const [params] = useSearchParams();
  const month = params.get('month') ?? currentMonth();
  usePageTitle(`Statement ${month}`);
  const { data, error } = useStatement(month);
  const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
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
          <h1 className="text-2xl font-bold">Statement · {monthName}</h1>
          {data && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {data.creator.name} (@{data.creator.username}) · amounts in {c}
            </p>
          )}
        </div>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {error ? (
        <EmptyState title="This statement could not be loaded" level={2} />
      ) : !data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <dl className="mb-6 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" data-testid="statement-totals">
            {(
              [
                ['Gross', data.totals.gross],
                ['Commission', data.totals.commission],
                ['Net earnings', data.totals.net],
                ['Refunds', data.totals.refunds],
                ['Payouts', data.totals.payouts],
              ] satisfies Array<[string, number]>
            ).map(([label, v]) => (
              <div key={label} className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
                <dt className="text-xs uppercase text-zinc-500">{label}</dt>
                <dd className="text-lg font-semibold">{money(v, c)}</dd>
              </div>
            ))}
          </dl>
          {data.lines.length === 0 ? (
            <EmptyState title="Nothing happened this month" level={2} />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="statement-lines">
                <thead className="text-left text-xs uppercase text-zinc-500">
                  <tr>
                    <th className="py-2">Date</th>
                    <th>Type</th>
                    <th>Description</th>
                    <th className="text-right">Gross</th>
                    <th className="text-right">Commission</th>
                    <th className="text-right">Net</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {data.lines.map((l) => (
                    <tr key={`${l.date}-${l.type}-${l.description}-${l.net}`}>
                      <td className="py-2 whitespace-nowrap">{l.date.slice(0, 10)}</td>
                      <td>{TYPE_LABEL[l.type]}</td>
                      <td>{l.description}</td>
                      <td className="text-right">{l.gross ? l.gross.toFixed(2) : ''}</td>
                      <td className="text-right">{l.commission ? l.commission.toFixed(2) : ''}</td>
                      <td className="text-right font-semibold">{l.net.toFixed(2)}</td>
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
