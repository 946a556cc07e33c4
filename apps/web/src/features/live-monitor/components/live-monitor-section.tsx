import { Eye, ShieldAlert, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { formatNumber } from '../../../lib/i18n/format';
import { Badge, fmtDate, fmtMoney, SectionTitle, word } from '../../admin/components/kit';
import { usePageTitle } from '../../settings/hooks';
import { type LiveMonitorItem, type MonitorAction, useLiveMonitor } from '../api';
import { MonitorActionDialog } from './monitor-action-dialog';
import { MonitorWatchDialog } from './monitor-watch-dialog';
import { SampledShows } from './sampled-shows';

/**
 * Admin → Live monitor (issue 26 item 2), for moderators and admins: every live stream and private
 * show now, a thumbnail refreshed every few seconds, viewers, creator and type; watch invisibly,
 * warn, end or suspend (each with a reason, audited by the server); the queue of sampled shows.
 */
export default function LiveMonitorSection() {
  const { t } = useTranslation();
  usePageTitle(t('liveMonitor.title'));
  const { data } = useLiveMonitor();
  const [watching, setWatching] = useState<LiveMonitorItem | null>(null);
  const [acting, setActing] = useState<{ item: LiveMonitorItem; action: MonitorAction } | null>(null);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="monitor-live">
        <SectionTitle title={t('liveMonitor.title')}>
          {data && (
            <Badge tone="brand">
              {t('liveMonitor.samplingBadge', { percent: data.samplePercent, open: data.samplesOpen })}
            </Badge>
          )}
        </SectionTitle>
        <h2 id="monitor-live" className="sr-only">
          {t('liveMonitor.liveNow')}
        </h2>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t('liveMonitor.intro')}</p>
        {data?.data.length === 0 && <p className="text-sm text-zinc-500">{t('liveMonitor.nobodyLive')}</p>}
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data?.data.map((item) => (
            <MonitorCard
              key={`${item.kind}:${item._id}`}
              item={item}
              onWatch={() => setWatching(item)}
              onAct={(action) => setActing({ item, action })}
            />
          ))}
        </ul>
      </section>
      <SampledShows />
      {watching && <MonitorWatchDialog item={watching} onClose={() => setWatching(null)} />}
      {acting && <MonitorActionDialog {...acting} onClose={() => setActing(null)} />}
    </div>
  );
}

function MonitorCard({
  item,
  onWatch,
  onAct,
}: {
  item: LiveMonitorItem;
  onWatch: () => void;
  onAct: (a: MonitorAction) => void;
}) {
  const { t } = useTranslation();
  const who = `@${item.creator.username ?? item.creator.name}`;
  const title = item.kind === 'private' ? t('liveMonitor.privateShow') : item.title;
  return (
    <li
      data-testid="monitor-card"
      className="overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="relative aspect-video bg-zinc-900">
        {item.thumbnailUrl ? (
          <img
            src={item.thumbnailUrl}
            alt={t('liveMonitor.thumbnailAlt', { name: who })}
            className="size-full object-cover"
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
            }}
          />
        ) : (
          <p className="flex size-full items-center justify-center p-4 text-center text-xs text-zinc-300">
            {item.kind === 'private' ? t('liveMonitor.noPicturePrivate') : t('liveMonitor.noPicture')}
          </p>
        )}
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">
          <Users className="size-3" aria-hidden />
          {t('liveMonitor.viewers', { count: item.viewerCount, n: formatNumber(item.viewerCount) })}
        </span>
      </div>
      <div className="flex flex-col gap-2 p-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{title}</p>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">
            {who}
            {item.fan && ` · ${t('liveMonitor.withFan', { name: `@${item.fan.username ?? item.fan.name}` })}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge>
            {word('liveMonitor.types', item.type)}
            {item.price > 0 && ` · ${fmtMoney(item.price)}`}
          </Badge>
          {item.monitorFlag === 'review' && <Badge tone="amber">{t('liveMonitor.flagReview')}</Badge>}
          {item.sampled && <Badge tone="brand">{t('liveMonitor.sampled')}</Badge>}
          {item.creator.status === 'suspended' && <Badge tone="red">{t('liveMonitor.suspended')}</Badge>}
        </div>
        <p className="text-xs text-zinc-500">{t('liveMonitor.since', { when: fmtDate(item.startedAt) })}</p>
        <div className="flex flex-wrap gap-2">
          {item.kind === 'stream' && (
            <Button
              size="sm"
              variant="secondary"
              onClick={onWatch}
              aria-label={t('liveMonitor.watchLabel', { name: who })}
            >
              <Eye className="size-4" aria-hidden />
              {t('liveMonitor.actions.watch')}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAct('warn')}
            aria-label={t('liveMonitor.warnLabel', { name: who })}
          >
            <ShieldAlert className="size-4" aria-hidden />
            {t('liveMonitor.actions.warn')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => onAct('end')}
            aria-label={t('liveMonitor.endLabel', { name: who })}
          >
            {t('liveMonitor.actions.end')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => onAct('suspend')}
            aria-label={t('liveMonitor.suspendLabel', { name: who })}
          >
            {t('liveMonitor.actions.suspend')}
          </Button>
        </div>
      </div>
    </li>
  );
}
