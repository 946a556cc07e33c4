import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/spinner';
import { apiUrl } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/i18n/format';
import { useApi } from '../../../lib/use-api';
import { usePageTitle } from '../../settings/hooks';

type Row = [string, string];

/** The public transparency report (/transparency): the figures per half-year and their export. */
export function TransparencyPage() {
  const { t } = useTranslation();
  usePageTitle(t('dsa.transparencyTitle'));
  const [period, setPeriod] = useState<string | undefined>(undefined);
  const { data, isLoading } = useApi('/transparency', { query: period ? { period } : {} });
  const f = data && typeof data === 'object' ? data : null;
  const n = (v: number) => formatNumber(v);
  const h = (v: number | null) => (v === null ? '—' : t('dsa.hours', { value: formatNumber(v) }));
  const notice = (key: string) => {
    const [type, sub] = key.split(':');
    return `${t(type === 'complaint' ? 'dsa.notice_complaint' : 'dsa.notice_report')} · ${sub}`;
  };
  const sections: Array<[string, Row[]]> = f
    ? [
        [t('dsa.notices'), f.notices.map((r): Row => [notice(r.key), n(r.count)])],
        [
          t('dsa.actionsByGround'),
          f.actionsByGround.map((r): Row => [t(`dsa.grounds.${r.key}`, { defaultValue: r.key }), n(r.count)]),
        ],
        [
          t('dsa.actionsByKind'),
          [
            ...f.actionsByKind.map((r): Row => [t(`dsa.kind.${r.key}`, { defaultValue: r.key }), n(r.count)]),
            [t('dsa.automated'), n(f.automatedActions)],
            [t('dsa.median'), h(f.medianHoursToDecision)],
          ],
        ],
        [
          t('dsa.appeals'),
          [
            [t('dsa.received'), n(f.appeals.received)],
            [t('dsa.upheld'), n(f.appeals.upheld)],
            [t('dsa.reversed'), n(f.appeals.reversed)],
            [t('dsa.open'), n(f.appeals.open)],
            [t('dsa.appealMedian'), h(f.appeals.medianHoursToDecision)],
          ],
        ],
        [t('dsa.ageAssurance'), f.ageAssurance.map((r): Row => [`${r.provider} · ${r.outcome}`, n(r.count)])],
      ]
    : [];
  const current = f?.period ?? period ?? '';
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold">{t('dsa.transparencyTitle')}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('dsa.transparencyIntro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">{t('dsa.period')}</span>
          <select
            className="mt-1 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            value={current}
            onChange={(e) => setPeriod(e.target.value)}
          >
            {(f?.periods ?? [current]).map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        {current && (
          <>
            <a
              className="text-sm underline"
              href={`/api${apiUrl('/transparency', { query: { period: current, format: 'csv' } })}`}
            >
              {t('dsa.downloadCsv')}
            </a>
            <a
              className="text-sm underline"
              href={`/api${apiUrl('/transparency', { query: { period: current, format: 'json' } })}`}
            >
              {t('dsa.downloadJson')}
            </a>
          </>
        )}
      </div>
      {isLoading && <PageSpinner />}
      {sections.map(([title, rows]) => (
        <section key={title} className="space-y-1">
          <h2 className="text-lg font-semibold">{title}</h2>
          {rows.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('dsa.none')}</p>
          ) : (
            <table className="w-full text-sm">
              <tbody>
                {rows.map(([k, v]) => (
                  <tr key={k} className="border-b border-zinc-100 dark:border-zinc-800">
                    <th scope="row" className="py-1 pr-2 text-left font-normal break-words">
                      {k}
                    </th>
                    <td className="py-1 text-right tabular-nums">{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}
