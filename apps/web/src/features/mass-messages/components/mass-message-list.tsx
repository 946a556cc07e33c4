import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cancelMassMessage, MASS_PAGE_SIZE, type MassMessage, useMassMessages } from '../api';

const AUDIENCE_LABEL: Record<MassMessage['audience'], string> = {
  subscribers: 'Subscribers',
  followers: 'Followers',
  all: 'Subscribers and followers',
  list: 'Chosen fans',
};
const STATUS_CLASS: Record<MassMessage['status'], string> = {
  scheduled: 'bg-amber-100 text-amber-800 dark:bg-amber-950/50 dark:text-amber-300',
  sending: 'bg-sky-100 text-sky-800 dark:bg-sky-950/50 dark:text-sky-300',
  sent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300',
  cancelled: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950/50 dark:text-red-300',
};
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** What the creator sent or scheduled, with how many it reached and how many paid to unlock it. */
export function MassMessageList() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useMassMessages(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / MASS_PAGE_SIZE)) : 1;
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (!data || data.data.length === 0) {
    return (
      <EmptyState
        title="No mass messages yet"
        description="Messages you send to all your subscribers or followers show up here with their results."
      />
    );
  }
  return (
    <div>
      <ul className="space-y-3" aria-label="Sent and scheduled messages">
        {data.data.map((m) => (
          <MassMessageRow key={m._id} message={m} />
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function MassMessageRow({ message: m }: { message: MassMessage }) {
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelMassMessage(m._id);
      toast.success('Scheduled message cancelled');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <Card className="p-4" data-testid="mass-message">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium">
            {AUDIENCE_LABEL[m.audience]}
            {m.isSale && <span className="ml-2 text-brand-600">· {m.price} tokens</span>}
            {m.fileCount > 0 && <span className="ml-2 text-zinc-500">· {m.fileCount} attachment(s)</span>}
          </p>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_CLASS[m.status]}`}>
            {m.status}
          </span>
        </div>
        {m.error && (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {m.error}
          </p>
        )}
        {m.text && <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line">{m.text}</p>}
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-xs text-zinc-500">
          {m.status === 'scheduled' && <Stat label="Sends" value={when(m.scheduledAt)} />}
          {m.sentAt && <Stat label="Sent" value={when(m.sentAt)} />}
          <Stat label="Delivered" value={`${m.deliveredCount} of ${m.recipientCount}`} />
          {m.isSale && <Stat label="Unlocked" value={String(m.unlockedCount)} />}
          {m.isSale && <Stat label="Earned" value={`${m.revenue} tokens`} />}
        </dl>
        {m.status === 'scheduled' && (
          <Button variant="secondary" size="sm" className="mt-3" loading={busy} onClick={cancel}>
            Cancel
          </Button>
        )}
      </Card>
    </li>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}:</dt>
      <dd className="font-medium text-zinc-700 dark:text-zinc-300">{value}</dd>
    </div>
  );
}
