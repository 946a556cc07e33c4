import { COMPLAINT_DECISIONS, type Complaint, type ComplaintDecision } from '@marquee/shared/complaints';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import { DATE_TIME, formatDate } from '../../../lib/i18n/format';
import { useApi } from '../../../lib/use-api';
import { Badge, Pager, SectionTitle, Select, TextArea } from '../../admin/components/kit';
import { usePageTitle } from '../../settings/hooks';

const URGENCY_TONE = { on_time: 'green', due_soon: 'amber', overdue: 'red', closed: 'zinc' } as const;

/** Admin → Complaints: the queue on its clock (most urgent first), each case decided with a reply. */
export default function ComplaintsQueue() {
  const { t } = useTranslation();
  usePageTitle(t('complaints.admin.title'));
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const { data, mutate } = useApi('/admin/complaints', { query: { status, page, pageSize } });
  return (
    <div>
      <SectionTitle title={t('complaints.admin.title')}>
        <Select
          aria-label={t('complaints.admin.title')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as 'open' | 'closed');
            setPage(1);
          }}
        >
          <option value="open">{t('complaints.admin.open')}</option>
          <option value="closed">{t('complaints.admin.closed')}</option>
        </Select>
      </SectionTitle>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t('complaints.admin.description')}</p>
      {data?.data.length === 0 && <EmptyState title={t('complaints.admin.empty')} />}
      <div className="space-y-4">
        {data?.data.map((c) => (
          <ComplaintCard key={c._id} c={c} onDecided={() => mutate()} />
        ))}
      </div>
      {data && data.total > 0 && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}

function ComplaintCard({ c, onDecided }: { c: Complaint; onDecided: () => void }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="complaint">
      <CardContent className="space-y-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold">{c.caseNumber}</span>
          <Badge tone="brand">{t(`complaints.admin.kind.${c.kind}`)}</Badge>
          <Badge tone={URGENCY_TONE[c.urgency]}>{t(`complaints.admin.urgency.${c.urgency}`)}</Badge>
          {c.status === 'open' && (
            <span className="text-zinc-500">
              {t('complaints.admin.due', { date: formatDate(c.dueAt, DATE_TIME) })} ·{' '}
              {t('complaints.admin.daysLeft', { count: Math.max(0, c.businessDaysLeft) })}
            </span>
          )}
        </div>
        <p className="text-zinc-500">
          {t('complaints.admin.from', { name: c.name, email: c.email })} ·{' '}
          {t('complaints.admin.received', { date: formatDate(c.receivedAt, DATE_TIME) })}
        </p>
        <p className="whitespace-pre-wrap">{c.reason}</p>
        {c.originalWork && (
          <p>
            <span className="font-medium">{t('complaints.admin.originalWork')}:</span> {c.originalWork}
          </p>
        )}
        <p className="text-zinc-500">{t('complaints.admin.signature', { name: c.signature })}</p>
        <Links c={c} />
        {c.status === 'open' ? <Decide c={c} onDecided={onDecided} /> : <Decided c={c} />}
      </CardContent>
    </Card>
  );
}

function Links({ c }: { c: Complaint }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
      <p className="text-xs font-semibold text-zinc-500 uppercase">{t('complaints.admin.links')}</p>
      <ul className="mb-2 list-disc pl-5 break-all">
        {c.urls.map((u) => (
          <li key={u}>{u}</li>
        ))}
      </ul>
      <p className="text-xs font-semibold text-zinc-500 uppercase">{t('complaints.admin.items')}</p>
      {c.targets.length === 0 ? (
        <p className="text-zinc-500">{t('complaints.admin.noItems')}</p>
      ) : (
        <ul className="space-y-1">
          {c.targets.map((x) => (
            <li key={`${x.type}:${x.id}`} className="flex flex-wrap items-center gap-2">
              <Badge>{x.type}</Badge>
              {x.link ? (
                <a className="text-brand-600 underline" href={x.link} target="_blank" rel="noreferrer">
                  {x.title}
                </a>
              ) : (
                <span>{x.title}</span>
              )}
              {x.takenDown && <Badge tone="red">{t('complaints.admin.hidden')}</Badge>}
            </li>
          ))}
        </ul>
      )}
      {c.hiddenPendingReview && <p className="mt-2 font-medium">{t('complaints.admin.hiddenPending')}</p>}
    </div>
  );
}

function Decide({ c, onDecided }: { c: Complaint; onDecided: () => void }) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const decide = async (decision: ComplaintDecision) => {
    setBusy(true);
    try {
      await client.post('/admin/complaints/{id}/decision', { path: { id: c._id }, body: { decision, reply } });
      toast.success(t('complaints.admin.decided'));
      onDecided();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <TextArea
        aria-label={t('complaints.admin.reply')}
        placeholder={t('complaints.admin.reply')}
        value={reply}
        onChange={(e) => setReply(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        {COMPLAINT_DECISIONS.map((d) => (
          <Button
            key={d}
            size="sm"
            variant={d === 'removed' ? 'danger' : 'outline'}
            disabled={busy || reply.trim().length < 10}
            onClick={() => decide(d)}
          >
            {d === 'removed' ? t('complaints.admin.remove') : t('complaints.admin.noAction')}
          </Button>
        ))}
      </div>
    </>
  );
}

function Decided({ c }: { c: Complaint }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={c.decision === 'removed' ? 'red' : 'zinc'}>
          {t(`complaints.admin.decision.${c.decision ?? 'no_action'}`)}
        </Badge>
        <Badge tone={c.resolvedOnTime ? 'green' : 'amber'}>
          {c.resolvedOnTime ? t('complaints.admin.onTime') : t('complaints.admin.late')}
        </Badge>
        {c.decidedAt && <span className="text-zinc-500">{formatDate(c.decidedAt, DATE_TIME)}</span>}
      </p>
      {c.reply && <p className="whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{c.reply}</p>}
    </div>
  );
}
