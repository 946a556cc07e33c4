import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { act, fmtDate, fmtMoney, Pager, Table, td, word } from '../../admin/components/kit';
import { liveMonitorApi, useSampledShows } from '../api';

/** The queue of private shows the sampling picked: a moderator looks (parties, minutes, end) and marks each reviewed. */
export function SampledShows() {
  const { t } = useTranslation();
  const [state, setState] = useState<'open' | 'reviewed'>('open');
  const [page, setPage] = useState(1);
  const pageSize = 25;
  const { data } = useSampledShows({ state, page, pageSize });
  return (
    <section aria-labelledby="sampled-shows">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="sampled-shows" className="text-lg font-semibold">
          {t('liveMonitor.samples.title')}
        </h2>
        <div className="flex gap-2">
          {(['open', 'reviewed'] as const).map((s) => (
            <Button
              key={s}
              size="sm"
              variant={state === s ? 'secondary' : 'outline'}
              aria-pressed={state === s}
              onClick={() => {
                setState(s);
                setPage(1);
              }}
            >
              {t(`liveMonitor.samples.${s}`)}
            </Button>
          ))}
        </div>
      </div>
      <Table
        head={[
          t('liveMonitor.samples.sampledAt'),
          t('liveMonitor.samples.creator'),
          t('liveMonitor.samples.fan'),
          t('liveMonitor.samples.show'),
          t('liveMonitor.samples.reviewed'),
          '',
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((s) => (
          <tr key={s._id} data-testid="sampled-show">
            <td className={`${td} whitespace-nowrap`}>{fmtDate(s.sampledAt)}</td>
            <td className={td}>@{s.creator.username ?? s.creator.name}</td>
            <td className={td}>@{s.fan.username ?? s.fan.name}</td>
            <td className={td}>
              {t('liveMonitor.samples.minutes', { count: s.minutesBilled, price: fmtMoney(s.price) })}
              {' · '}
              {s.status === 'ended'
                ? word('liveMonitor.endReasons', s.endReason)
                : word('liveMonitor.status', s.status)}
            </td>
            <td className={td}>{s.reviewedAt ? `${fmtDate(s.reviewedAt)} · @${s.reviewedBy ?? '—'}` : '—'}</td>
            <td className={td}>
              {!s.reviewedAt && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => act(() => liveMonitorApi.reviewed(s._id), t('liveMonitor.samples.markedDone'))}
                >
                  {t('liveMonitor.samples.markReviewed')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </section>
  );
}
