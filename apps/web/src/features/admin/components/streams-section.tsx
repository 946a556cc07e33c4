import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { formatNumber } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';
import { adminActions, useAdminStreams } from '../api';
import { act, Badge, fmtDate, fmtMoney, Pager, SectionTitle, Table, td, word } from './kit';

/** Admin: streams live now (or ended), with viewers; an admin can end a live one (audited on the server). */
export default function StreamsSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminOps.streams.pageTitle'));
  const [status, setStatus] = useState<'live' | 'ended'>('live');
  const [page, setPage] = useState(1);
  const pageSize = 25;
  const { data } = useAdminStreams({ status, page, pageSize });
  return (
    <div>
      <SectionTitle title={t('adminOps.streams.title')}>
        <div className="flex gap-2">
          {(['live', 'ended'] as const).map((s) => (
            <Button
              key={s}
              size="sm"
              variant={status === s ? 'secondary' : 'outline'}
              aria-pressed={status === s}
              onClick={() => {
                setStatus(s);
                setPage(1);
              }}
            >
              {s === 'live' ? t('adminOps.streams.liveNow') : t('adminOps.streams.ended')}
            </Button>
          ))}
        </div>
      </SectionTitle>
      <Table
        head={[
          t('adminOps.streams.creator'),
          t('adminOps.streams.streamTitle'),
          t('adminOps.streams.type'),
          t('adminOps.streams.viewers'),
          t('adminOps.streams.started'),
          '',
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((s) => (
          <tr key={s._id} data-testid="admin-stream">
            <td className={td}>@{s.performer?.username ?? '—'}</td>
            <td className={td}>
              {s.status === 'live' ? (
                <Link to={`/live/${s._id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                  {s.title}
                </Link>
              ) : (
                s.title
              )}
            </td>
            <td className={td}>
              <Badge>
                {s.isFree
                  ? t('adminOps.streams.free')
                  : `${word('adminOps.streams.kinds', s.type)} · ${fmtMoney(s.price)}`}
              </Badge>
            </td>
            <td className={td}>{formatNumber(s.viewerCount)}</td>
            <td className={`${td} whitespace-nowrap`}>{fmtDate(s.startedAt)}</td>
            <td className={td}>
              {s.status === 'live' && (
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => act(() => adminActions.endStream(s._id), t('adminOps.streams.endedToast'))}
                >
                  {t('adminOps.streams.end')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}
