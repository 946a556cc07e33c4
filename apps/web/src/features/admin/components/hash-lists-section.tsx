import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { DATE_TIME, formatDate, formatNumber } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';
import { deleteHashList, type HashList, loadHashList, updateHashList, useHashLists } from '../hashes-api';
import { Badge, SectionTitle, Select, Table, td } from './kit';

const KINDS = ['pdq', 'md5', 'sha256'] as const;

/** Admin: the known-abuse hash lists (load, threshold, counts) and the site's own list of removed content. */
export default function HashListsSection() {
  const { t } = useTranslation();
  usePageTitle(t('compliance.lists.title'));
  const { data, isLoading, mutate } = useHashLists();
  return (
    <div className="space-y-6">
      <SectionTitle title={t('compliance.lists.title')} />
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('compliance.lists.intro')}</p>
      <LoadListForm onLoaded={() => mutate()} />
      {isLoading ? (
        <p className="text-sm text-zinc-500">{t('compliance.lists.loading')}</p>
      ) : data && data.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500 dark:border-zinc-700">
          {t('compliance.lists.empty')}
        </p>
      ) : (
        <Table
          head={[
            t('compliance.lists.name'),
            t('compliance.lists.kind'),
            t('compliance.lists.source'),
            t('compliance.lists.entries'),
            t('compliance.lists.threshold'),
            t('compliance.lists.updated'),
            '',
          ]}
        >
          {data?.data.map((l) => (
            <ListRow key={l._id} list={l} onChange={() => mutate()} />
          ))}
        </Table>
      )}
    </div>
  );
}

function ListRow({ list, onChange }: { list: HashList; onChange: () => void }) {
  const { t } = useTranslation();
  const [threshold, setThreshold] = useState(String(list.threshold));
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success(done);
      onChange();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const hasPdq = list.kind === 'pdq' || list.kind === 'mixed';
  return (
    <tr>
      <td className={`${td} font-medium`}>{list.name}</td>
      <td className={td}>{t(`compliance.lists.kinds.${list.kind}`)}</td>
      <td className={td}>
        <Badge tone={list.source === 'removed' ? 'amber' : 'brand'}>
          {t(`compliance.lists.sources.${list.source}`)}
        </Badge>
      </td>
      <td className={`${td} tabular-nums`}>{formatNumber(list.entryCount)}</td>
      <td className={td}>
        {hasPdq ? (
          <form
            className="flex items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => updateHashList(list._id, { threshold: Number(threshold) }), t('compliance.lists.saved'));
            }}
          >
            <Input
              type="number"
              min={0}
              max={128}
              className="h-9 w-20"
              aria-label={`${t('compliance.lists.threshold')}: ${list.name}`}
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
            />
            <Button size="sm" variant="outline" type="submit" disabled={busy || threshold === String(list.threshold)}>
              {t('compliance.lists.save')}
            </Button>
          </form>
        ) : (
          '—'
        )}
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatDate(list.updatedAt, DATE_TIME)}</td>
      <td className={td}>
        {list.source === 'operator' && (
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('compliance.lists.deleteConfirm', { name: list.name })))
                void run(() => deleteHashList(list._id), t('compliance.lists.deleted'));
            }}
          >
            {t('compliance.lists.delete')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function LoadListForm({ onLoaded }: { onLoaded: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<(typeof KINDS)[number]>('pdq');
  const [threshold, setThreshold] = useState('31');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return toast.error(t('compliance.lists.noFile'));
    setBusy(true);
    try {
      const r = await loadHashList({ name, kind, threshold: Number(threshold), content: await file.text() });
      toast.success(t('compliance.lists.loaded', { added: r.added, duplicates: r.duplicates, skipped: r.skipped }));
      setName('');
      setFile(null);
      (e.target as HTMLFormElement).reset();
      onLoaded();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-2xl border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 className="text-base font-semibold sm:col-span-2 lg:col-span-4">{t('compliance.lists.loadTitle')}</h2>
      <Field
        label={t('compliance.lists.name')}
        required
        maxLength={120}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div>
        <Label htmlFor="hash-list-kind">{t('compliance.lists.kind')}</Label>
        <Select
          id="hash-list-kind"
          className="h-11 w-full"
          value={kind}
          onChange={(e) => setKind(e.target.value as (typeof KINDS)[number])}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`compliance.lists.kinds.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      <Field
        label={t('compliance.lists.threshold')}
        hint={t('compliance.lists.thresholdHelp')}
        type="number"
        min={0}
        max={128}
        disabled={kind !== 'pdq'}
        value={threshold}
        onChange={(e) => setThreshold(e.target.value)}
      />
      <Field
        label={t('compliance.lists.file')}
        hint={t('compliance.lists.fileHelp')}
        type="file"
        accept=".csv,.tsv,.txt,text/plain,text/csv"
        required
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <div className="sm:col-span-2 lg:col-span-4">
        <Button type="submit" loading={busy}>
          {t('compliance.lists.load')}
        </Button>
      </div>
    </form>
  );
}
