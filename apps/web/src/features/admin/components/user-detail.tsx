import { AGE_OF_MAJORITY } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/i18n/format';
import { AdminPrivacyPanel } from '../../privacy/components/admin-privacy-panel';
import { type AdminUserDetail, adminActions, openDocument, refreshAdmin, useAdminUser } from '../api';
import { ConfirmButton } from './confirm-button';
import { Badge, fmtDate, fmtMoney, Select, TextArea, word } from './kit';
import { ViewAsPanel } from './view-as-panel';

/** One account: profile, documents (private: only here), and every admin action on it. */
export function UserDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: u, mutate } = useAdminUser(id);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState<'wallet' | 'earnings'>('wallet');
  const [commission, setCommission] = useState('');
  const [link, setLink] = useState('');

  /** Runs one action on the account; an action that answers the account shows it at once, any other reloads it. */
  async function run(action: () => Promise<AdminUserDetail | undefined>, done = t('adminCommon.saved')) {
    setBusy(true);
    try {
      const res = await action();
      if (res) await mutate(res, { revalidate: false });
      else await mutate();
      await refreshAdmin();
      toast.success(done);
      return true;
    } catch (err) {
      toast.error(getErrorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={!!id}
      onOpenChange={(o) => !o && onClose()}
      title={u ? `@${u.username ?? u._id}` : t('adminUsers.detail.account')}
      size="lg"
    >
      {!u ? (
        <Spinner />
      ) : (
        <div className="space-y-5 text-sm">
          <div className="flex flex-wrap gap-2">
            <Badge tone="brand">{word('adminCommon.role', u.role)}</Badge>
            {u.staffRole === 'moderator' && <Badge tone="brand">{t('adminUsers.detail.moderator')}</Badge>}
            <Badge tone={u.status === 'active' ? 'green' : 'red'}>{word('adminCommon.accountStatus', u.status)}</Badge>
            {u.verificationStatus && (
              <Badge
                tone={
                  u.verificationStatus === 'verified' ? 'green' : u.verificationStatus === 'pending' ? 'amber' : 'zinc'
                }
              >
                {t('adminUsers.detail.identity', { status: word('adminCommon.identity', u.verificationStatus) })}
              </Badge>
            )}
            <Badge>
              {u.emailVerified ? t('adminUsers.detail.emailVerified') : t('adminUsers.detail.emailNotVerified')}
            </Badge>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-zinc-500">{t('adminUsers.detail.name')}</dt>
            <dd>{u.name || '—'}</dd>
            <dt className="text-zinc-500">{t('adminUsers.detail.email')}</dt>
            <dd className="break-all">{u.email ?? '—'}</dd>
            <dt className="text-zinc-500">{t('adminUsers.detail.joined')}</dt>
            <dd>{fmtDate(u.createdAt)}</dd>
            <dt className="text-zinc-500">{t('adminUsers.detail.sessions')}</dt>
            <dd>{formatNumber(u.activeSessions)}</dd>
            <dt className="text-zinc-500">{t('adminUsers.detail.wallet')}</dt>
            <dd>{fmtMoney(u.balance)}</dd>
            {u.performer && (
              <>
                <dt className="text-zinc-500">{t('adminUsers.detail.earnings')}</dt>
                <dd>{fmtMoney(u.earningsBalance)}</dd>
                <dt className="text-zinc-500">{t('adminUsers.detail.birth')}</dt>
                <dd>{u.performer.dateOfBirth ?? '—'}</dd>
                <dt className="text-zinc-500">{t('adminUsers.detail.country')}</dt>
                <dd>{u.performer.country ?? '—'}</dd>
              </>
            )}
          </dl>
          {u.username && (
            <a className="text-brand-600 underline" href={`/${u.username}`} target="_blank" rel="noreferrer">
              {t('adminUsers.detail.openProfile')}
            </a>
          )}
          {u.performer && <ViewAsPanel userId={u._id} />}

          {u.performer && (
            <section className="space-y-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
              <h3 className="font-semibold">{t('adminUsers.detail.verificationTitle')}</h3>
              <p>
                <span className="text-zinc-500">{t('adminUsers.detail.birthLabel')} </span>
                {u.performer.dateOfBirth ? (
                  <span>{t('adminUsers.detail.age', { date: u.performer.dateOfBirth, age: u.performer.age })}</span>
                ) : (
                  <span>{t('adminUsers.detail.notGiven')}</span>
                )}
                {!u.performer.ofAge && (
                  <span className="ml-2 text-red-600" role="note">
                    {u.performer.dateOfBirth
                      ? t('adminUsers.detail.underAge', { age: AGE_OF_MAJORITY })
                      : t('adminUsers.detail.noBirth', { age: AGE_OF_MAJORITY })}
                  </span>
                )}
              </p>
              {u.performer.verificationNote && (
                <p className="text-zinc-500">
                  {t('adminUsers.detail.lastNote', { note: u.performer.verificationNote })}
                </p>
              )}
              <ul className="space-y-1">
                {u.documents.length === 0 && <li className="text-zinc-500">{t('adminUsers.detail.noDocuments')}</li>}
                {u.documents.map((d) => (
                  <li key={d._id}>
                    <button type="button" className="text-brand-600 underline" onClick={() => openDocument(d.url)}>
                      {word('adminUsers.detail.document', d.kind)}: {d.originalName || d.mimeType}
                    </button>{' '}
                    <span className="text-zinc-500">{fmtDate(d.createdAt)}</span>
                  </li>
                ))}
              </ul>
              <TextArea
                aria-label={t('adminUsers.detail.reasonLabel')}
                placeholder={t('adminUsers.detail.reasonPlaceholder')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <div className="flex flex-wrap gap-2">
                <ConfirmButton
                  size="sm"
                  disabled={busy}
                  question={t('adminUsers.detail.approveConfirm', { username: u.username ?? u._id })}
                  warning={u.documents.length === 0 ? t('adminUsers.detail.approveNoDocuments') : null}
                  onConfirm={() =>
                    run(
                      () => adminActions.verify(u._id, 'verified', reason || undefined),
                      t('adminUsers.detail.approved'),
                    )
                  }
                >
                  {t('adminUsers.detail.approve')}
                </ConfirmButton>
                <ConfirmButton
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  question={t('adminUsers.detail.rejectConfirm', { username: u.username ?? u._id })}
                  onConfirm={() =>
                    run(
                      () => adminActions.verify(u._id, 'rejected', reason || undefined),
                      t('adminUsers.detail.rejected'),
                    )
                  }
                >
                  {t('adminUsers.detail.reject')}
                </ConfirmButton>
              </div>
              <div className="flex items-end gap-2 pt-2">
                <Field
                  label={t('adminUsers.detail.commission', { percent: formatNumber(u.siteCommissionPercent) })}
                  type="number"
                  placeholder={
                    u.commissionPercent === null ? t('adminUsers.detail.default') : String(u.commissionPercent)
                  }
                  value={commission}
                  onChange={(e) => setCommission(e.target.value)}
                />
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() =>
                    run(() => adminActions.commission(u._id, commission === '' ? null : Number(commission)))
                  }
                >
                  {t('adminUsers.detail.set')}
                </Button>
              </div>
            </section>
          )}

          <section className="space-y-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
            <h3 className="font-semibold">{t('adminUsers.detail.adjustTitle')}</h3>
            <div className="grid grid-cols-2 gap-2">
              <Field
                label={t('adminUsers.detail.adjustAmount')}
                type="number"
                step="0.01"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <div>
                <Label htmlFor="adj-account">{t('adminUsers.detail.adjustAccount')}</Label>
                <Select
                  id="adj-account"
                  className="w-full"
                  value={account}
                  onChange={(e) => setAccount(e.target.value as 'wallet' | 'earnings')}
                >
                  <option value="wallet">{t('adminUsers.detail.wallet')}</option>
                  {u.performer && <option value="earnings">{t('adminUsers.detail.earnings')}</option>}
                </Select>
              </div>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={busy || !amount}
              onClick={async () => {
                const why = reason.trim();
                if (why.length < 3) return toast.error(t('adminUsers.detail.reasonFirst'));
                if (
                  await run(async () => {
                    await adminActions.adjust(u._id, { amount: Number(amount), account, reason: why });
                    return undefined;
                  }, t('adminUsers.detail.adjusted'))
                )
                  setAmount('');
              }}
            >
              {t('adminUsers.detail.adjust')}
            </Button>
            {!u.performer && (
              <TextArea
                aria-label={t('adminUsers.detail.reason')}
                placeholder={t('adminUsers.detail.reasonRequired')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </section>

          <section className="flex flex-wrap gap-2">
            {u.status === 'active' ? (
              <Button
                size="sm"
                variant="danger"
                disabled={busy}
                onClick={() =>
                  run(() => adminActions.suspend(u._id, reason || undefined), t('adminUsers.detail.suspended'))
                }
              >
                {t('adminUsers.detail.suspend')}
              </Button>
            ) : (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => run(() => adminActions.reactivate(u._id), t('adminUsers.detail.reactivated'))}
              >
                {t('adminUsers.detail.reactivate')}
              </Button>
            )}
            {u.role !== 'admin' && (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() =>
                  run(
                    () => adminActions.staffRole(u._id, u.staffRole === 'moderator' ? null : 'moderator'),
                    u.staffRole === 'moderator'
                      ? t('adminUsers.detail.moderatorRevoked')
                      : t('adminUsers.detail.moderatorGranted'),
                  )
                }
              >
                {u.staffRole === 'moderator'
                  ? t('adminUsers.detail.revokeModerator')
                  : t('adminUsers.detail.grantModerator')}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  const r = await adminActions.resetLink(u._id);
                  setLink(r.link);
                  return undefined;
                }, t('adminUsers.detail.resetCreated'))
              }
            >
              {t('adminUsers.detail.resetLink')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => run(() => adminActions.updateUser(u._id, { emailVerified: !u.emailVerified }))}
            >
              {u.emailVerified ? t('adminUsers.detail.markUnverified') : t('adminUsers.detail.markVerified')}
            </Button>
          </section>
          {link && <p className="rounded bg-zinc-100 p-2 text-xs break-all dark:bg-zinc-800">{link}</p>}
          <AdminPrivacyPanel userId={u._id} label={`@${u.username ?? u._id}`} onErased={() => void mutate()} />
        </div>
      )}
    </Dialog>
  );
}
