import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { UploadField } from '../../../components/ui/upload-field';
import { getErrorMessage } from '../../../lib/api';
import { apiUrl, client } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-contract';
import { DATE_TIME, formatDate } from '../../../lib/i18n/format';
import { useApi } from '../../../lib/use-api';
import { downloadAdminFile } from '../../admin/api';
import { Badge, Pager, SectionTitle } from '../../admin/components/kit';
import { useMediaStatus } from '../../media/api';
import { usePageTitle } from '../../settings/hooks';

type Original = ApiData<'/admin/leaks/originals'>['data'][number];
type Trace = ApiData<'/admin/leaks/trace', 'post'>;

/** Admin → Leaks: from a copy found elsewhere to a suspended account and a DMCA notice, in one flow. */
export default function LeaksSection() {
  const { t } = useTranslation();
  usePageTitle(t('leaks.title'));
  return (
    <div className="space-y-6">
      <SectionTitle title={t('leaks.title')} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('leaks.description')}</p>
      <TraceFlow />
      <CaseList />
    </div>
  );
}

function TraceFlow() {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [originals, setOriginals] = useState<Original[] | null>(null);
  const [original, setOriginal] = useState<string | null>(null);
  const [leaked, setLeaked] = useState<string | null>(null);
  const [trace, setTrace] = useState<Trace | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useMediaStatus(leaked);
  const ready = status.data?.status === 'ready';

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await client.get('/admin/leaks/originals', { query: { link } });
      setOriginals(res.data);
      setOriginal(res.data[0]?.mediaId ?? null);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const runTrace = async () => {
    if (!original || !leaked) return;
    setBusy(true);
    try {
      setTrace(await client.post('/admin/leaks/trace', { body: { originalMediaId: original, leakedMediaId: leaked } }));
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent className="space-y-4 text-sm">
        <form onSubmit={find} className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label={t('leaks.step1')}>
          <div className="flex-1">
            <Field
              label={t('leaks.step1')}
              type="url"
              required
              value={link}
              onChange={(e) => setLink(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" loading={busy && !originals}>
            {t('leaks.find')}
          </Button>
        </form>
        {originals?.length === 0 && <p role="alert">{t('leaks.noMarked')}</p>}
        {originals && originals.length > 0 && (
          <fieldset>
            <legend className="mb-1 font-medium">{t('leaks.original')}</legend>
            {originals.map((o) => (
              <label key={o.mediaId} className="flex items-center gap-2">
                <input type="radio" checked={original === o.mediaId} onChange={() => setOriginal(o.mediaId)} />
                {o.name || o.mediaId} {o.duration ? `(${Math.round(o.duration)} s)` : ''}
              </label>
            ))}
          </fieldset>
        )}
        {original && (
          <UploadField
            endpoint="/media/upload"
            query={{ kinds: 'video' }}
            label={t('leaks.step2')}
            hint={t('leaks.step2Hint')}
            accept="video/*"
            onUploaded={(res) => {
              setLeaked(res.data[0]?._id ?? null);
              setTrace(null);
            }}
            onRemove={() => setLeaked(null)}
          />
        )}
        {leaked && !ready && <p role="status">{t('leaks.processing')}</p>}
        {leaked && ready && !trace && (
          <Button onClick={runTrace} loading={busy}>
            {t('leaks.trace')}
          </Button>
        )}
        {trace && original && leaked && (
          <TraceResult trace={trace} original={original} leaked={leaked} originalUrl={link} />
        )}
      </CardContent>
    </Card>
  );
}

function TraceResult({
  trace,
  original,
  leaked,
  originalUrl,
}: {
  trace: Trace;
  original: string;
  leaked: string;
  originalUrl: string;
}) {
  const { t } = useTranslation();
  const [foundAt, setFoundAt] = useState('');
  const [suspend, setSuspend] = useState(true);
  const [busy, setBusy] = useState(false);
  const { mutate } = useApi('/admin/leaks', { query: { page: 1, pageSize: 10 } });
  const open = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await client.post('/admin/leaks', {
        body: { originalMediaId: original, leakedMediaId: leaked, foundAtUrl: foundAt, originalUrl, suspend },
      });
      toast.success(t('leaks.opened'));
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3 rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60" data-testid="leak-trace">
      <p>{t('leaks.segments', { count: trace.segmentsRead })}</p>
      {trace.match ? (
        <p className="font-semibold">
          {t('leaks.match', {
            name: trace.match.name || trace.match.username,
            username: trace.match.username,
            mismatches: trace.match.mismatches,
          })}
        </p>
      ) : (
        <p role="alert">{t('leaks.noMatch')}</p>
      )}
      <form onSubmit={open} className="space-y-3" aria-label={t('leaks.openCase')}>
        <Field
          label={t('leaks.foundAt')}
          type="url"
          required
          value={foundAt}
          onChange={(e) => setFoundAt(e.target.value)}
        />
        {trace.match && (
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={suspend} onChange={(e) => setSuspend(e.target.checked)} />
            {t('leaks.suspend', { username: trace.match.username })}
          </label>
        )}
        <Button type="submit" variant="danger" loading={busy}>
          {t('leaks.openCase')}
        </Button>
      </form>
    </div>
  );
}

function CaseList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const { data } = useApi('/admin/leaks', { query: { page, pageSize } });
  const download = (id: string) =>
    downloadAdminFile(apiUrl('/admin/leaks/{id}/dmca', { path: { id } }), `dmca-${id}.txt`).catch((err) =>
      toast.error(getErrorMessage(err)),
    );
  if (data?.total === 0) return <EmptyState title={t('leaks.empty')} />;
  return (
    <section aria-label={t('leaks.cases')} className="space-y-3">
      <h2 className="text-lg font-semibold">{t('leaks.cases')}</h2>
      {data?.data.map((c) => (
        <Card key={c._id} data-testid="leak-case">
          <CardContent className="space-y-1 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="break-all">{c.foundAtUrl}</span>
              {c.viewerSuspended && <Badge tone="red">{t('leaks.suspended')}</Badge>}
            </p>
            <p className="text-zinc-500">
              {c.viewer ? t('leaks.tracedTo', { username: c.viewer.username }) : t('leaks.notTraced')} ·{' '}
              {formatDate(c.createdAt, DATE_TIME)}
            </p>
            <Button size="sm" variant="outline" onClick={() => download(c._id)}>
              {t('leaks.dmca')}
            </Button>
          </CardContent>
        </Card>
      ))}
      {data && data.total > pageSize && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </section>
  );
}
