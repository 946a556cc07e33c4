import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { useApi } from '../../../lib/use-api';
import { usePageTitle } from '../../settings/hooks';
import { releasesApi } from '../api';

/** Admin: the §2257 records export for an inspection (a date range of production, or one creator). */
export function Records2257Export() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (k: string) => String(f.get(k) ?? '').trim() || undefined;
    setBusy(true);
    await releasesApi
      .exportRecords({ from: v('from'), to: v('to'), creatorId: v('creatorId') })
      .catch((err) => toast.error(getErrorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Card className="print:hidden" data-testid="records-2257">
      <CardContent className="space-y-3">
        <h2 className="font-semibold">{t('releases.records.title')}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('releases.records.hint')}</p>
        <form onSubmit={submit} className="grid gap-2 sm:grid-cols-4 sm:items-end">
          <Field label={t('releases.records.from')} name="from" type="date" />
          <Field label={t('releases.records.to')} name="to" type="date" />
          <Field label={t('releases.records.creator')} name="creatorId" />
          <Button type="submit" loading={busy}>
            {t('releases.records.export')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The public custodian-of-records page (/2257), filled from the settings. */
export function Custodian2257Page() {
  const { t } = useTranslation();
  usePageTitle(t('releases.custodian.title'));
  const { data } = useApi('/records-2257/custodian');
  if (!data) return <Spinner />;
  const named = data.custodianName || data.custodianAddress;
  return (
    <main className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('releases.custodian.title')}</h1>
      <p>{t('releases.custodian.body', { site: data.siteName })}</p>
      {named ? (
        <address className="whitespace-pre-line not-italic" data-testid="custodian">
          {[data.custodianName, data.custodianAddress, data.custodianEmail].filter(Boolean).join('\n')}
        </address>
      ) : (
        <p className="text-zinc-500">{t('releases.custodian.unset')}</p>
      )}
    </main>
  );
}
