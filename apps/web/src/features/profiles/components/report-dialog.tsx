import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { REPORT_REASONS, type ReportBody, sendReport } from '../api';

/** Report a creator or a piece of content to the site's moderators. */
export function ReportDialog({
  open,
  onOpenChange,
  targetType,
  targetId,
  targetLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportBody['targetType'];
  targetId: string;
  targetLabel: string;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportBody['reason'] | ''>('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    setBusy(true);
    try {
      await sendReport({ targetType, targetId, reason, description });
      toast.success(t('profiles.report.sent'));
      onOpenChange(false);
      setReason('');
      setDescription('');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('profiles.report.title', { name: targetLabel })}
      description={t('profiles.report.text')}
    >
      <form onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold">{t('profiles.report.reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label
              key={r.value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-zinc-700 dark:has-[:checked]:bg-brand-950/40"
            >
              <input
                type="radio"
                name="reason"
                value={r.value}
                checked={reason === r.value}
                onChange={() => setReason(r.value)}
                className="accent-brand-600"
              />
              {t(`profiles.report.reasons.${r.value}`)}
            </label>
          ))}
        </fieldset>
        <label className="block text-sm font-semibold">
          {t('profiles.report.details')}
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={2000}
            rows={3}
            className="mt-1 w-full rounded-xl border border-zinc-300 bg-white p-3 text-sm font-normal dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!reason} loading={busy}>
            {t('profiles.report.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
