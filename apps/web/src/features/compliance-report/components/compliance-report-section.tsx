import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { apiUrl } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/i18n/format';
import { useApi } from '../../../lib/use-api';
import { downloadAdminFile } from '../../admin/api';
import { SectionTitle } from '../../admin/components/kit';
import { Records2257Export } from '../../releases/components/records-2257';
import { usePageTitle } from '../../settings/hooks';

type Row = [label: string, value: number | string | null];

/** Admin → Acquirer report: the month's compliance figures, printable, and as CSV for the acquirer. */
export default function ComplianceReportSection() {
  const { t } = useTranslation();
  usePageTitle(t('complianceReport.title'));
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const { data, isLoading } = useApi('/admin/compliance/report', { query: { month } });
  const report = data && typeof data === 'object' ? data : null;
  const csv = () =>
    downloadAdminFile(
      apiUrl('/admin/compliance/report', { query: { month, format: 'csv' } }),
      `compliance-${month}.csv`,
    ).catch((err) => toast.error(getErrorMessage(err)));
  const n = (v: number | null) => (v === null ? '—' : formatNumber(v));
  const sections: Array<[string, Row[]]> = report
    ? [
        [
          t('complianceReport.review'),
          [
            [t('complianceReport.submitted'), n(report.review.submitted)],
            [t('complianceReport.approved'), n(report.review.approved)],
            [t('complianceReport.rejected'), n(report.review.rejected)],
            ...Object.entries(report.review.rejectedByReason).map(
              ([reason, v]): Row => [t('complianceReport.rejectedFor', { reason }), n(v)],
            ),
            [t('complianceReport.waiting'), n(report.review.pendingAtMonthEnd)],
            [t('complianceReport.median'), n(report.review.medianMinutesToReview)],
            [t('complianceReport.p90'), n(report.review.p90MinutesToReview)],
          ],
        ],
        [
          t('complianceReport.complaints'),
          [
            [t('complianceReport.received'), n(report.complaints.received)],
            [t('complianceReport.resolved'), n(report.complaints.resolved)],
            [t('complianceReport.withinDue'), n(report.complaints.resolvedWithinDue)],
            [t('complianceReport.removedAfter'), n(report.complaints.removedAfterComplaint)],
            [t('complianceReport.overdue'), n(report.complaints.openOverdueAtMonthEnd)],
          ],
        ],
        [
          t('complianceReport.other'),
          [
            [t('complianceReport.removals'), n(report.removals)],
            [t('complianceReport.hashMatches'), n(report.hashMatches)],
            [t('complianceReport.ncmec'), n(report.ncmecReportsSent)],
            [t('complianceReport.leaks'), n(report.leakCases)],
          ],
        ],
        [
          t('complianceReport.chargebacks'),
          report.chargebacks.map(
            (c): Row => [
              c.gateway,
              t('complianceReport.ratio', { chargebacks: c.chargebacks, sales: c.sales, percent: c.percent }),
            ],
          ),
        ],
      ]
    : [];
  return (
    <div className="space-y-4">
      <SectionTitle title={t('complianceReport.title')} />
      <div className="flex flex-wrap items-end gap-2 print:hidden">
        <Field
          label={t('complianceReport.month')}
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
        <Button variant="outline" onClick={csv}>
          {t('complianceReport.csv')}
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          {t('complianceReport.print')}
        </Button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('complianceReport.description')}</p>
      {isLoading && <PageSpinner />}
      {sections.map(([title, rows]) => (
        <section key={title} aria-label={title}>
          <h2 className="mb-2 text-lg font-semibold">{title}</h2>
          {rows.length === 0 ? (
            <p className="text-sm text-zinc-500">{t('complianceReport.none')}</p>
          ) : (
            <table className="w-full max-w-xl text-sm">
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {rows.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row" className="py-1.5 pr-4 text-left font-normal text-zinc-600 dark:text-zinc-400">
                      {label}
                    </th>
                    <td className="py-1.5 text-right font-medium tabular-nums">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      <Records2257Export />
    </div>
  );
}
