import { PAYOUT_METHODS, PAYOUT_STATUSES, type PayoutMethod, type PayoutStatus } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Field } from '../../../components/ui';
import { act, fmtDate, fmtMoney, Pager, Select, Table, TextArea, td } from '../../admin/components/kit';
import { adminPayoutActions, useAdminPayout, useAdminPayouts } from '../api';
import { PayoutStatusBadge } from './status-badge';

/** Admin → Money → Payouts: the queue with filters, the request detail (method unmasked), approve / reject / mark paid. */
export function AdminPayoutsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PayoutStatus | ''>('pending');
  const [method, setMethod] = useState<PayoutMethod | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const pageSize = 20;
  const { data } = useAdminPayouts({
    status: status || undefined,
    paymentAccountType: method || undefined,
    page,
    pageSize,
    sortBy: 'createdAt',
    sort: 'asc',
  });
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2">
        <Select
          aria-label={t('payouts.admin.status')}
          value={status}
          onChange={(e) => {
            setStatus(PAYOUT_STATUSES.find((s) => s === e.target.value) ?? '');
            setPage(1);
          }}
        >
          <option value="">{t('payouts.admin.anyStatus')}</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`payouts.statusOption.${s}`)}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('payouts.admin.method')}
          value={method}
          onChange={(e) => {
            setMethod(PAYOUT_METHODS.find((m) => m === e.target.value) ?? '');
            setPage(1);
          }}
        >
          <option value="">{t('payouts.admin.anyMethod')}</option>
          {PAYOUT_METHODS.map((k) => (
            <option key={k} value={k}>
              {t(`payouts.method.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      <Table
        head={[
          t('payouts.admin.requested'),
          t('payouts.admin.creator'),
          t('payouts.admin.amount'),
          t('payouts.admin.method'),
          t('payouts.admin.status'),
          '',
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((r) => (
          <tr key={r._id} data-testid="admin-payout-row">
            <td className={`${td} whitespace-nowrap`}>{fmtDate(r.createdAt)}</td>
            <td className={td}>@{r.performer?.username ?? '—'}</td>
            <td className={td}>{fmtMoney(r.amount)}</td>
            <td className={td}>{t(`payouts.method.${r.paymentAccountType}`)}</td>
            <td className={td}>
              <PayoutStatusBadge status={r.status} />
            </td>
            <td className={td}>
              <Button size="sm" variant="outline" onClick={() => setOpen(r._id)}>
                {t('payouts.admin.review')}
              </Button>
            </td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
      <PayoutDetail id={open} onClose={() => setOpen(null)} />
    </>
  );
}

const ACTIONS = ['created', 'updated', 'approved', 'paid', 'rejected', 'cancelled'] as const;
const isAction = (a: string): a is (typeof ACTIONS)[number] => (ACTIONS as readonly string[]).includes(a);

function PayoutDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const actionName = (a: string) => (isAction(a) ? t(`payouts.admin.action.${a}`) : a);
  const { data: r, mutate } = useAdminPayout(id);
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const done = async (fn: () => Promise<unknown>, text: string) => {
    if (await act(fn, text)) {
      setNote('');
      setReference('');
      await mutate();
    }
  };
  return (
    <Dialog open={Boolean(id)} onOpenChange={(o) => !o && onClose()} title={t('payouts.admin.detail')} size="lg">
      {!r ? (
        <p className="text-sm text-zinc-500">{t('payouts.admin.loading')}</p>
      ) : (
        <div className="space-y-4 text-sm" data-testid="admin-payout-detail">
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-2xl font-bold">{fmtMoney(r.amount)}</span>
            <PayoutStatusBadge status={r.status} />
            <span>
              {r.performer?.name} (@{r.performer?.username})
            </span>
          </div>
          <div>
            <h3 className="mb-1 font-semibold">
              {t('payouts.admin.details', { method: t(`payouts.method.${r.paymentAccountType}`) })}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-zinc-50 p-3 font-mono text-xs dark:bg-zinc-800/60">
              {Object.entries(r.paymentAccountInfo).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-zinc-500">{k}</dt>
                  <dd className="break-all">{v}</dd>
                </div>
              ))}
            </dl>
          </div>
          {r.requestNote && <p>{t('payouts.admin.creatorNote', { note: r.requestNote })}</p>}
          {r.reference && <p>{t('payouts.admin.reference', { reference: r.reference })}</p>}
          <div>
            <h3 className="mb-1 font-semibold">{t('payouts.admin.history')}</h3>
            <ol className="space-y-1">
              {r.history.map((h) => (
                <li key={`${h.createdAt}-${h.action}`}>
                  {fmtDate(h.createdAt)} · <strong>{actionName(h.action)}</strong>{' '}
                  {t('payouts.admin.by', { name: h.by })}
                  {h.note ? ` — ${h.note}` : ''}
                </li>
              ))}
            </ol>
          </div>
          {(r.status === 'pending' || r.status === 'approved') && (
            <div className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <div>
                <label htmlFor="payout-admin-note" className="mb-1 block font-medium">
                  {t('payouts.admin.noteToCreator')}
                </label>
                <TextArea
                  id="payout-admin-note"
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  maxLength={1000}
                />
              </div>
              {r.status === 'approved' && r.paymentAccountType !== 'stripe' && (
                <Field
                  label={t('payouts.admin.paymentReference')}
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                />
              )}
              <div className="flex flex-wrap gap-2">
                {(r.status === 'pending' || r.paymentAccountType === 'stripe') && (
                  <Button
                    onClick={() =>
                      done(() => adminPayoutActions.approve(r._id, note || undefined), t('payouts.admin.approved'))
                    }
                  >
                    {r.paymentAccountType === 'stripe'
                      ? t('payouts.admin.approveTransfer')
                      : t('payouts.admin.approve')}
                  </Button>
                )}
                {r.status === 'approved' && r.paymentAccountType !== 'stripe' && (
                  <Button
                    disabled={!reference.trim()}
                    onClick={() =>
                      done(
                        () => adminPayoutActions.markPaid(r._id, reference, note || undefined),
                        t('payouts.admin.markedPaid'),
                      )
                    }
                  >
                    {t('payouts.admin.markPaid')}
                  </Button>
                )}
                <Button
                  variant="danger"
                  disabled={!note.trim()}
                  onClick={() => done(() => adminPayoutActions.reject(r._id, note), t('payouts.admin.rejected'))}
                >
                  {t('payouts.admin.reject')}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
