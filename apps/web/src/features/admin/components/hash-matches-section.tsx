import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { DATE_TIME, formatBytes, formatDate } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';
import { type HashMatch, markReportSent, useHashMatch, useHashMatches } from '../hashes-api';
import { Badge, Pager, SectionTitle, Table, td } from './kit';

const statusTone = { draft: 'amber', sent: 'green', dismissed: 'zinc' } as const;

/** Admin: uploads a hash list blocked; evidence metadata (never the file), the suspended user, the report draft. */
export default function HashMatchesSection() {
  const { t } = useTranslation();
  usePageTitle(t('compliance.matches.title'));
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const pageSize = 20;
  const { data, isLoading } = useHashMatches({ page, pageSize });
  if (open) return <MatchDetail id={open} onBack={() => setOpen(null)} />;
  return (
    <div className="space-y-4">
      <SectionTitle title={t('compliance.matches.title')} />
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('compliance.matches.intro')}</p>
      {isLoading ? (
        <p className="text-sm text-zinc-500">{t('compliance.matches.loading')}</p>
      ) : data && data.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500 dark:border-zinc-700">
          {t('compliance.matches.empty')}
        </p>
      ) : (
        <>
          <Table
            head={[
              t('compliance.matches.when'),
              t('compliance.matches.uploader'),
              t('compliance.matches.file'),
              t('compliance.matches.lists'),
              t('compliance.matches.report'),
            ]}
          >
            {data?.data.map((m) => (
              <tr key={m._id}>
                <td className={`${td} whitespace-nowrap`}>
                  <div>{formatDate(m.uploadedAt, DATE_TIME)}</div>
                  <Button size="sm" variant="outline" className="mt-1.5" onClick={() => setOpen(m._id)}>
                    {t('compliance.matches.view')}
                  </Button>
                </td>
                <td className={td}>
                  <Uploader m={m} />
                </td>
                <td className={`${td} max-w-48 truncate`}>{m.originalName}</td>
                <td className={td}>
                  <Hits m={m} />
                </td>
                <td className={td}>
                  <Badge tone={statusTone[m.reportStatus]}>{t(`compliance.matches.statuses.${m.reportStatus}`)}</Badge>
                </td>
              </tr>
            ))}
          </Table>
          {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
        </>
      )}
    </div>
  );
}

function Uploader({ m }: { m: HashMatch }) {
  const { t } = useTranslation();
  const status = m.user.status === 'suspended' || m.user.status === 'active' ? m.user.status : 'deleted';
  return (
    <div className="space-y-1">
      <div className="font-medium">@{m.user.username || '—'}</div>
      <Badge tone={status === 'suspended' ? 'red' : 'zinc'}>{t(`compliance.matches.accountStatus.${status}`)}</Badge>
    </div>
  );
}

function Hits({ m }: { m: HashMatch }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-0.5 text-xs">
      {m.hits.map((h) => (
        <li key={`${h.listId}:${h.kind}:${h.value}`}>
          <span className="font-medium">{h.listName}</span> · {h.kind.toUpperCase()} ·{' '}
          {h.kind === 'pdq'
            ? t('compliance.matches.distance', { distance: h.distance })
            : t('compliance.matches.exact')}
          {h.at !== undefined && ` · ${t('compliance.matches.frameAt', { at: h.at })}`}
        </li>
      ))}
    </ul>
  );
}

function MatchDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { data: m, mutate } = useHashMatch(id);
  const [reportId, setReportId] = useState('');
  const [busy, setBusy] = useState(false);
  if (!m) return <p className="text-sm text-zinc-500">{t('compliance.matches.loading')}</p>;
  const draft = JSON.stringify(m.report, null, 2);
  const send = async () => {
    setBusy(true);
    try {
      await mutate(await markReportSent(m._id, reportId.trim()), { revalidate: false });
      toast.success(t('compliance.matches.markedSent'));
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const rows: Array<[string, string]> = [
    [t('compliance.matches.when'), formatDate(m.uploadedAt, DATE_TIME)],
    [t('compliance.matches.ip'), m.ip ?? '—'],
    [t('compliance.matches.file'), m.originalName],
    [t('compliance.matches.type'), m.mimeType],
    [t('compliance.matches.size'), formatBytes(m.size)],
    ['SHA-256', m.sha256],
    ['MD5', m.md5],
    ...m.pdq.map((f, i): [string, string] => [
      `PDQ${m.pdq.length > 1 ? ` ${i + 1}` : ''}`,
      `${f.hash} (q${f.quality})`,
    ]),
  ];
  return (
    <div className="space-y-5">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden /> {t('compliance.matches.back')}
      </Button>
      <SectionTitle title={t('compliance.matches.details')}>
        <Badge tone={statusTone[m.reportStatus]}>{t(`compliance.matches.statuses.${m.reportStatus}`)}</Badge>
      </SectionTitle>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section className="min-w-0 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <Uploader m={m} />
          <dl className="mt-3 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-zinc-500">{k}</dt>
                <dd className="font-mono text-xs break-all">{v}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3">
            <Hits m={m} />
          </div>
          <p className="mt-3 text-xs text-zinc-500">
            {m.evidenceStored
              ? t('compliance.matches.evidenceKept', { date: formatDate(m.retainUntil) })
              : t('compliance.matches.evidenceGone')}
          </p>
        </section>
        <section className="min-w-0 space-y-3 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <h2 className="text-base font-semibold">{t('compliance.matches.reportDraft')}</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('compliance.matches.operatorJob')}</p>
          <pre className="max-h-96 overflow-auto rounded-xl bg-zinc-50 p-3 text-xs dark:bg-zinc-950">{draft}</pre>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void navigator.clipboard?.writeText(draft).then(() => toast.success(t('compliance.matches.copied')))
            }
          >
            {t('compliance.matches.copy')}
          </Button>
          {m.reportStatus === 'sent' ? (
            <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
              {t('compliance.matches.sentAs', { id: m.ncmecReportId, date: formatDate(m.sentAt ?? m.createdAt) })}
            </p>
          ) : (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void send();
              }}
            >
              <div className="min-w-48 flex-1">
                <Field
                  label={t('compliance.matches.reportId')}
                  required
                  maxLength={60}
                  value={reportId}
                  onChange={(e) => setReportId(e.target.value)}
                />
              </div>
              <Button type="submit" loading={busy} disabled={!reportId.trim()}>
                {t('compliance.matches.markSent')}
              </Button>
            </form>
          )}
        </section>
      </div>
    </div>
  );
}
