import { useTranslation } from 'react-i18next';
import { Dialog, PageSpinner } from '../../../components/ui';
import { useApi } from '../../../lib/use-api';
import { HlsPlayer } from '../../streaming/components/hls-player';
import type { LiveMonitorItem } from '../api';

/**
 * The invisible watch: the stream's HLS output through a signed link for this staff member. The
 * page never joins the stream's room, so nobody sees the watcher and the count does not change;
 * staff are never charged. An Agora stream has no HLS output here: the dialog says so.
 */
export function MonitorWatchDialog({ item, onClose }: { item: LiveMonitorItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error } = useApi('/admin/live-monitor/streams/{id}/watch', { path: { id: item._id } });
  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(o) => !o && onClose()}
      title={item.title || (item.creator.username ?? item.creator.name)}
      description={t('liveMonitor.watchHint')}
    >
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('liveMonitor.watchFailed')}
        </p>
      ) : !data ? (
        <PageSpinner />
      ) : data.hlsUrl ? (
        <div data-testid="monitor-player" className="aspect-video overflow-hidden rounded-xl bg-black">
          <HlsPlayer src={data.hlsUrl} streamKey={item._id} className="size-full" />
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('liveMonitor.noHls')}</p>
      )}
    </Dialog>
  );
}
