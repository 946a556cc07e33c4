import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { DATE_TIME, formatDate, formatNumber } from '../../../lib/i18n/format';
import { tokens } from '../../wallet/api';
import { cancelMassMessage, MASS_PAGE_SIZE, type MassMessage, useMassMessages } from '../api';

const STATUS_CLASS: Record<MassMessage['status'], string> = {
  scheduled: 'bg-amber-100 text-amber-800 dark:bg-amber-950/50 dark:text-amber-300',
  sending: 'bg-sky-100 text-sky-800 dark:bg-sky-950/50 dark:text-sky-300',
  sent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300',
  cancelled: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950/50 dark:text-red-300',
};
const when = (iso: string | null) => (iso ? formatDate(iso, DATE_TIME) : '');

/** What the creator sent or scheduled, with how many it reached and how many paid to unlock it. */
export function MassMessageList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useMassMessages(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / MASS_PAGE_SIZE)) : 1;
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (!data || data.data.length === 0) {
    return <EmptyState title={t('massMessages.none')} description={t('massMessages.noneHint')} />;
  }
  return (
    <div>
      <ul className="space-y-3" aria-label={t('massMessages.list')}>
        {data.data.map((m) => (
          <MassMessageRow key={m._id} message={m} />
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function MassMessageRow({ message: m }: { message: MassMessage }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelMassMessage(m._id);
      toast.success(t('massMessages.cancelled'));
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
            {t(`massMessages.audienceShort.${m.audience}`)}
            {m.isSale && <span className="ml-2 text-brand-600">· {tokens(m.price)}</span>}
            {m.fileCount > 0 && (
              <span className="ml-2 text-zinc-500">· {t('massMessages.attachments', { count: m.fileCount })}</span>
            )}
          </p>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_CLASS[m.status]}`}>
            {t(`massMessages.status.${m.status}`)}
          </span>
        </div>
        {m.error && (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {m.error}
          </p>
        )}
        {m.text && <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line">{m.text}</p>}
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-xs text-zinc-500">
          {m.status === 'scheduled' && <Stat label={t('massMessages.sends')} value={when(m.scheduledAt)} />}
          {m.sentAt && <Stat label={t('massMessages.sent')} value={when(m.sentAt)} />}
          <Stat
            label={t('massMessages.delivered')}
            value={t('massMessages.deliveredOf', {
              delivered: formatNumber(m.deliveredCount),
              total: formatNumber(m.recipientCount),
            })}
          />
          {m.isSale && <Stat label={t('massMessages.unlocked')} value={formatNumber(m.unlockedCount)} />}
          {m.isSale && <Stat label={t('massMessages.earned')} value={tokens(m.revenue)} />}
        </dl>
        {m.status === 'scheduled' && (
          <Button variant="secondary" size="sm" className="mt-3" loading={busy} onClick={cancel}>
            {t('massMessages.cancel')}
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
