import { client } from '../../lib/api-client';
import type { ApiData, ApiQuery } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

export type LiveMonitorItem = ApiData<'/admin/live-monitor'>['data'][number];
export type MonitorAction = 'warn' | 'end' | 'suspend';

/** The grid, refreshed every 5 s (each answer carries fresh thumbnail links, so the pictures move too). */
export const useLiveMonitor = () => useApi('/admin/live-monitor', undefined, { refreshInterval: 5_000 });

export const useSampledShows = (query: ApiQuery<'/admin/live-monitor/samples'>) =>
  useApi('/admin/live-monitor/samples', { query }, { refreshInterval: 15_000 });

export const liveMonitorApi = {
  /** The signed HLS link for an invisible, unbilled watch. */
  watch: (id: string) => client.get('/admin/live-monitor/streams/{id}/watch', { path: { id } }),
  act: (item: Pick<LiveMonitorItem, 'kind' | '_id'>, action: MonitorAction, reason: string) => {
    const path = { kind: item.kind, id: item._id };
    const body = { reason };
    if (action === 'warn') return client.post('/admin/live-monitor/{kind}/{id}/warn', { path, body });
    if (action === 'end') return client.post('/admin/live-monitor/{kind}/{id}/end', { path, body });
    return client.post('/admin/live-monitor/{kind}/{id}/suspend', { path, body });
  },
  reviewed: (id: string, note?: string) =>
    client.post('/admin/live-monitor/samples/{id}/reviewed', { path: { id }, body: note ? { note } : {} }),
};
