import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardContent, CardHeader, CardTitle, Dialog, Skeleton, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { streamingApi, useStreamSettings } from '../api';
import { CopyField } from './copy-field';

/** OBS (or any RTMP software): the server URL and the creator's stream key, with copy and regenerate. */
export function ObsCard() {
  const { t } = useTranslation();
  const { data, mutate } = useStreamSettings();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const regenerate = async () => {
    setBusy(true);
    try {
      await mutate(await streamingApi.regenerateKey(), { revalidate: false });
      toast.success(t('streaming.obs.keyCreated'));
      setConfirm(false);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="obs-card">
      <CardHeader>
        <CardTitle>{t('streaming.obs.title')}</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('streaming.obs.help')}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {data ? (
          <>
            {data.rtmpUrl ? (
              <CopyField label={t('streaming.obs.server')} value={data.rtmpUrl} />
            ) : (
              <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
                {t('streaming.obs.rtmpOff')}
              </p>
            )}
            <CopyField label={t('streaming.obs.streamKey')} value={data.streamKey} secret />
            <Button variant="outline" size="sm" onClick={() => setConfirm(true)}>
              <RefreshCw className="size-4" aria-hidden="true" /> {t('streaming.obs.regenerateKey')}
            </Button>
          </>
        ) : (
          <div className="space-y-3">
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
          </div>
        )}
      </CardContent>
      <Dialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('streaming.obs.regenerateTitle')}
        description={t('streaming.obs.regenerateText')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirm(false)}>
              {t('streaming.cancel')}
            </Button>
            <Button variant="danger" loading={busy} onClick={regenerate}>
              {t('streaming.obs.regenerate')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
