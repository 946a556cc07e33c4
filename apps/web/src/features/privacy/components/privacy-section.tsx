import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
        <ProgressBar value={e.progress} label="Export progress" />
      </div>
    );
  }
  if (e.status === 'failed') return <p className="text-sm text-red-600">The last export failed. Try again.</p>;
  if (!e.downloadUrl) return <p className="text-sm text-zinc-500">Your last export has expired.</p>;
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
              }, 'We are preparing your data')
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
          What we keep and why:{' '}
          <a className="underline" href="/page/privacy-policy">
            privacy notice
          </a>
          .
        </p>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setError(undefined);
        }}
        title="Delete your account?"
        description="This cannot be undone."
      >
        <form
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setErasing(true);
            setError(undefined);
            try {
              await eraseAccount(password);
              toast.success('Your account has been deleted');
              navigate('/', { replace: true });
            } catch (err) {
              setError(getErrorMessage(err, 'The account could not be deleted'));
            } finally {
              setErasing(false);
            }
          }}
        >
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600 dark:text-zinc-400">
            <li>Your profile, messages you sent, comments, follows, uploads and settings are deleted.</li>
            {isCreator && (
              <li>
                Your posts and content are deleted, so buyers and subscribers lose access. Subscriptions stop and are
                not refunded; request your payout first.
              </li>
            )}
            <li>Payment records the law requires us to keep stay, without your name.</li>
            <li>Tokens left in your wallet are lost.</li>
          </ul>
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
            required
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={erasing} disabled={!password}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}
