import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { usePageTitle } from '../../settings/hooks';
import { type AdminReport, adminActions, refreshAdmin, useAdminReports } from '../api';
import { ConfirmButton } from './confirm-button';
import { Badge, fmtDate, Pager, SectionTitle, Select, TextArea, word } from './kit';

function ReportCard({ r }: { r: AdminReport }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  async function resolve(action: 'dismiss' | 'takedown' | 'suspend') {
    setBusy(true);
    try {
      await adminActions.resolveReport(r._id, action, note || undefined);
      toast.success(
        action === 'dismiss'
          ? t('adminOps.reports.dismissed')
          : action === 'takedown'
            ? t('adminOps.reports.itemTakenDown')
            : t('adminOps.reports.suspended'),
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
          <Badge tone="brand">{word('adminCommon.contentType', r.targetType)}</Badge>
          <Badge tone={r.status === 'open' ? 'amber' : 'zinc'}>{t(`adminOps.reports.statusBadge.${r.status}`)}</Badge>
          <span className="font-semibold">{word('adminOps.reports.reasons', r.reason)}</span>
          <span className="text-zinc-500">
            {t('adminOps.reports.by', { username: r.reporter?.username ?? '—', date: fmtDate(r.createdAt) })}
          </span>
        </div>
        {r.description && <p>“{r.description}”</p>}
        <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
          <p className="text-xs text-zinc-500">
            {t('adminOps.reports.reportedItem')}
            {r.creator &&
              t('adminOps.reports.creator', {
                username: r.creator.username,
                status: word('adminCommon.accountStatus', r.creator.status),
              })}
            {r.target?.takenDown && (
              <>
                {' '}
                · <Badge tone="red">{t('adminOps.reports.takenDown')}</Badge>
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
                  {t('adminOps.reports.open')}
                </a>
              )}
            </>
          ) : (
            <p className="text-zinc-500">{t('adminOps.reports.gone')}</p>
          )}
        </div>
        {r.status === 'open' ? (
          <>
            <TextArea
              aria-label={t('adminOps.reports.note')}
              placeholder={t('adminOps.reports.notePlaceholder')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <ConfirmButton
                size="sm"
                variant="outline"
                disabled={busy}
                question={t('adminOps.reports.dismissConfirm')}
                onConfirm={() => resolve('dismiss')}
              >
                {t('adminOps.reports.dismiss')}
              </ConfirmButton>
              <ConfirmButton
                size="sm"
                variant="danger"
                disabled={busy || r.targetType === 'performer'}
                question={t('adminOps.reports.takeDownConfirm')}
                onConfirm={() => resolve('takedown')}
              >
                {t('adminOps.reports.takeDown')}
              </ConfirmButton>
              <ConfirmButton
                size="sm"
                variant="danger"
                disabled={busy}
                question={t('adminOps.reports.suspendConfirm')}
                onConfirm={() => resolve('suspend')}
              >
                {t('adminOps.reports.suspendCreator')}
              </ConfirmButton>
            </div>
          </>
        ) : (
          r.resolutionNote && (
            <p className="text-zinc-500">{t('adminOps.reports.resolution', { note: r.resolutionNote })}</p>
          )
        )}
      </CardContent>
    </Card>
  );
}

type ReportStatus = AdminReport['status'];

export default function ReportsSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminOps.reports.pageTitle'));
  const [status, setStatus] = useState<ReportStatus | ''>('open');
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const { data } = useAdminReports({ status: status || undefined, page, pageSize });
  return (
    <div>
      <SectionTitle title={t('adminOps.reports.title')}>
        <Select
          aria-label={t('adminOps.reports.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReportStatus | '');
            setPage(1);
          }}
        >
          <option value="open">{t('adminOps.reports.statuses.open')}</option>
          <option value="resolved">{t('adminOps.reports.statuses.resolved')}</option>
          <option value="dismissed">{t('adminOps.reports.statuses.dismissed')}</option>
          <option value="">{t('adminOps.reports.all')}</option>
        </Select>
      </SectionTitle>
      {data?.data.length === 0 && (
        <EmptyState title={t('adminOps.reports.none')} description={t('adminOps.reports.noneHint')} />
      )}
      <div className="space-y-4">
        {data?.data.map((r) => (
          <ReportCard key={r._id} r={r} />
        ))}
      </div>
      {data && data.total > 0 && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}
