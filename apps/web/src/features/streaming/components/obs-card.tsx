import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, Dialog, Skeleton, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { streamingApi, useStreamSettings } from '../api';
import { CopyField } from './copy-field';

/** OBS (or any RTMP software): the server URL and the creator's stream key, with copy and regenerate. */
export function ObsCard() {
  const { data, mutate } = useStreamSettings();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const regenerate = async () => {
    setBusy(true);
    try {
      await mutate(await streamingApi.regenerateKey(), { revalidate: false });
      toast.success('New stream key created. Update it in your broadcasting software.');
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
        <CardTitle>Broadcasting software (OBS)</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          In OBS, choose Settings → Stream → Service “Custom…”, then paste the server and the stream key. Start the
          stream here first, then press “Start streaming” in OBS.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {data ? (
          <>
            {data.rtmpUrl ? (
              <CopyField label="Server (RTMP URL)" value={data.rtmpUrl} />
            ) : (
              <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
                RTMP ingest is turned off on this server: broadcast from this browser instead.
              </p>
            )}
            <CopyField label="Stream key" value={data.streamKey} secret />
            <Button variant="outline" size="sm" onClick={() => setConfirm(true)}>
              <RefreshCw className="size-4" aria-hidden="true" /> Regenerate key
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
        title="Regenerate the stream key?"
        description="The current key stops working at once. Anyone who has it can no longer stream as you."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirm(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy} onClick={regenerate}>
              Regenerate
            </Button>
          </>
        }
      />
    </Card>
  );
}
