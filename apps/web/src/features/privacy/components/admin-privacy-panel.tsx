import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api';
import { adminErase, adminRequestExport, useAdminExports } from '../api';

/** Admin console, one account: export its data or erase it on a data-rights request (both audited). */
export function AdminPrivacyPanel({
  userId,
  label,
  onErased,
}: {
  userId: string;
  label: string;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const { data, mutate } = useAdminExports(userId);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = data?.data[0];
  const why = reason.trim();

  async function act(fn: () => Promise<unknown>, done: string) {
    if (why.length < 3) return toast.error(t('dataRights.admin.reasonFirst'));
    setBusy(true);
    try {
      await fn();
      toast.success(done);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-label={t('dataRights.admin.title')}
      className="space-y-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <h3 className="text-sm font-semibold">{t('dataRights.admin.title')}</h3>
      <Input
        aria-label={t('dataRights.admin.reason')}
        placeholder={t('dataRights.admin.reasonPlaceholder')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            act(async () => {
              await adminRequestExport(userId, why);
              await mutate();
            }, t('dataRights.admin.exportStarted'))
          }
        >
          {t('dataRights.admin.export')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(t('dataRights.admin.eraseConfirm', { name: label }))) return;
            void act(async () => {
              await adminErase(userId, why);
              onErased();
            }, t('dataRights.admin.erased'));
          }}
        >
          {t('dataRights.admin.erase')}
        </Button>
        {latest?.status === 'ready' && latest.downloadUrl && (
          <a className={buttonClasses('ghost', 'sm')} href={latest.downloadUrl} download>
            {t('dataRights.admin.download')}
          </a>
        )}
        {(latest?.status === 'pending' || latest?.status === 'running') && (
          <span className="text-xs text-zinc-500">
            {t('dataRights.admin.preparing', { progress: latest.progress })}
          </span>
        )}
      </div>
    </section>
  );
}
