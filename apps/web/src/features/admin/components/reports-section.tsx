import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { usePageTitle } from '../../settings/hooks';
import { type AdminReport, adminActions, refreshAdmin, useAdminReports } from '../api';
import { Badge, fmtDate, Pager, SectionTitle, Select, TextArea } from './kit';

function ReportCard({ r }: { r: AdminReport }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  async function resolve(action: 'dismiss' | 'takedown' | 'suspend') {
    setBusy(true);
    try {
      await adminActions.resolveReport(r._id, action, note || undefined);
      toast.success(
        action === 'dismiss' ? 'Report dismissed' : action === 'takedown' ? 'Item taken down' : 'Account suspended',
      );
      await refreshAdmin();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card data-testid="report">
      <CardContent className="space-y-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{r.targetType}</Badge>
          <Badge tone={r.status === 'open' ? 'amber' : 'zinc'}>{r.status}</Badge>
          <span className="font-semibold">{r.reason}</span>
          <span className="text-zinc-500">
            by @{r.reporter?.username ?? '—'} · {fmtDate(r.createdAt)}
          </span>
        </div>
        {r.description && <p>“{r.description}”</p>}
        <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
          <p className="text-xs text-zinc-500">
            Reported item{' '}
            {r.creator && (
              <>
                · creator @{r.creator.username} ({r.creator.status})
              </>
            )}
            {r.target?.takenDown && (
              <>
                {' '}
                · <Badge tone="red">taken down</Badge>
              </>
            )}
          </p>
          {r.target ? (
            <>
              <p className="font-semibold">{r.target.title}</p>
              {r.target.text && r.target.text !== r.target.title && (
                <p className="whitespace-pre-wrap">{r.target.text}</p>
              )}
              {r.target.link && (
                <a className="text-brand-600 underline" href={r.target.link} target="_blank" rel="noreferrer">
                  Open
                </a>
              )}
            </>
          ) : (
            <p className="text-zinc-500">The item is no longer available.</p>
          )}
        </div>
        {r.status === 'open' ? (
          <>
            <TextArea
              aria-label="Note"
              placeholder="Note (told to the creator when the item is taken down)"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" disabled={busy} onClick={() => resolve('dismiss')}>
                Dismiss
              </Button>
              <Button
                size="sm"
                variant="danger"
                disabled={busy || r.targetType === 'performer'}
                onClick={() => resolve('takedown')}
              >
                Take down
              </Button>
              <Button size="sm" variant="danger" disabled={busy} onClick={() => resolve('suspend')}>
                Suspend creator
              </Button>
            </div>
          </>
        ) : (
          r.resolutionNote && <p className="text-zinc-500">Resolution: {r.resolutionNote}</p>
        )}
      </CardContent>
    </Card>
  );
}

type ReportStatus = AdminReport['status'];

export default function ReportsSection() {
  usePageTitle('Admin: reports');
  const [status, setStatus] = useState<ReportStatus | ''>('open');
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const { data } = useAdminReports({ status: status || undefined, page, pageSize });
  return (
    <div>
      <SectionTitle title="Reports">
        <Select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReportStatus | '');
            setPage(1);
          }}
        >
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
          <option value="dismissed">Dismissed</option>
          <option value="">All</option>
        </Select>
      </SectionTitle>
      {data?.data.length === 0 && <EmptyState title="No reports" description="Nothing waits for a decision." />}
      <div className="space-y-4">
        {data?.data.map((r) => (
          <ReportCard key={r._id} r={r} />
        ))}
      </div>
      {data && data.total > 0 && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}
