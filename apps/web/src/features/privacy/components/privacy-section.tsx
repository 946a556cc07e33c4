import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api';
import { formatBytes, formatDate } from '../../../lib/i18n/format';
import { SaveStatus, Section, useSave } from '../../account/components/shared';
import { type DataExport, eraseAccount, requestExport, useDataExports } from '../api';

function ExportStatus({ e }: { e: DataExport }) {
  const { t } = useTranslation();
  if (e.status === 'pending' || e.status === 'running') {
    return (
      <div className="space-y-2">
        <p className="text-sm">{t('privacy.preparing', { progress: e.progress })}</p>
        <ProgressBar value={e.progress} label={t('dataRights.exportProgress')} />
      </div>
    );
  }
  if (e.status === 'failed') return <p className="text-sm text-red-600">{t('dataRights.failed')}</p>;
  if (!e.downloadUrl) return <p className="text-sm text-zinc-500">{t('dataRights.expired')}</p>;
  return (
    <p className="text-sm">
      <a className={buttonClasses('outline', 'sm')} href={e.downloadUrl} download>
        {t('privacy.downloadZip', { size: formatBytes(e.size ?? 0) })}
      </a>
      <span className="ml-3 text-zinc-500">
        {t('privacy.linkUntil', { date: formatDate(e.expiresAt ?? new Date()) })}
      </span>
    </p>
  );
}

/** Account settings: download my data, delete my account. */
export function PrivacySection({ isCreator }: { isCreator: boolean }) {
  const { t } = useTranslation();
  const { data, mutate, isLoading } = useDataExports();
  const { saving, status, run } = useSave();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [erasing, setErasing] = useState(false);
  const navigate = useNavigate();
  const latest = data?.data[0];
  const busy = latest?.status === 'pending' || latest?.status === 'running';

  return (
    <Section id="your-data" title={t('privacy.title')} description={t('privacy.description')}>
      <div className="space-y-4">
        {isLoading ? <Skeleton className="h-10" /> : latest && <ExportStatus e={latest} />}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={saving}
            disabled={busy}
            onClick={() =>
              run(async () => {
                await requestExport();
                await mutate();
              }, t('dataRights.preparing'))
            }
          >
            {t('privacy.download')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            {t('privacy.delete')}
          </Button>
        </div>
        <SaveStatus status={status} />
        <p className="text-xs text-zinc-500">
          <Trans
            i18nKey="dataRights.keepWhy"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
              link: <a className="underline" href="/page/privacy-policy" />,
            }}
          />
        </p>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setError(undefined);
        }}
        title={t('dataRights.confirmTitle')}
        description={t('dataRights.confirmDescription')}
      >
        <form
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setErasing(true);
            setError(undefined);
            try {
              await eraseAccount(password);
              toast.success(t('dataRights.deleted'));
              navigate('/', { replace: true });
            } catch (err) {
              setError(getErrorMessage(err, t('dataRights.deleteFailed')));
            } finally {
              setErasing(false);
            }
          }}
        >
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600 dark:text-zinc-400">
            <li>{t('dataRights.lossProfile')}</li>
            {isCreator && <li>{t('dataRights.lossCreator')}</li>}
            {isCreator && <li>{t('dataRights.lossCreatorRecords')}</li>}
            <li>{t('dataRights.lossRecords')}</li>
            <li>{t('dataRights.lossTokens')}</li>
          </ul>
          <Field
            label={t('dataRights.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
            required
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t('dataRights.cancel')}
            </Button>
            <Button type="submit" variant="danger" loading={erasing} disabled={!password}>
              {t('dataRights.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}
