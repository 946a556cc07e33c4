import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Label } from '../../../components/ui';
import { act, TextArea } from '../../admin/components/kit';
import { type LiveMonitorItem, liveMonitorApi, type MonitorAction } from '../api';

/** Warn, end or suspend: every action says why (audited; a warning's text is what the creator reads). */
export function MonitorActionDialog({
  item,
  action,
  onClose,
}: {
  item: LiveMonitorItem;
  action: MonitorAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const who = item.creator.username ?? item.creator.name;
  const submit = async () => {
    setBusy(true);
    const ok = await act(() => liveMonitorApi.act(item, action, reason.trim()), t(`liveMonitor.done.${action}`));
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t(`liveMonitor.confirm.${action}`, { name: who })}
      description={t(`liveMonitor.confirmHint.${action}`)}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('liveMonitor.cancel')}
          </Button>
          <Button
            variant={action === 'warn' ? 'primary' : 'danger'}
            disabled={reason.trim().length < 3}
            loading={busy}
            onClick={submit}
          >
            {t(`liveMonitor.actions.${action}`)}
          </Button>
        </>
      }
    >
      <Label htmlFor={id}>{action === 'warn' ? t('liveMonitor.message') : t('liveMonitor.reason')}</Label>
      <TextArea id={id} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Dialog>
  );
}
