import type { StreamWarningEvent } from '@marquee/shared';
import { ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent } from '../../../lib/realtime';

/**
 * A moderator's warning, shown to the creator the moment it is sent (socket `stream/warning`), in the
 * studio and in a private show, until dismissed. `id` limits it to this stream or show.
 */
export function ModeratorWarning({ id }: { id: string | null | undefined }) {
  const { t } = useTranslation();
  const [warning, setWarning] = useState<StreamWarningEvent | null>(null);
  useRealtimeEvent('stream/warning', (p) => {
    if (!id || p.id === id) setWarning(p);
  });
  if (!warning) return null;
  return (
    <div
      role="alert"
      data-testid="moderator-warning"
      className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('liveMonitor.warningTitle')}</p>
        <p className="text-sm break-words">{warning.message}</p>
      </div>
      <button
        type="button"
        className="rounded-full p-1 hover:bg-amber-100 dark:hover:bg-amber-900"
        aria-label={t('liveMonitor.dismiss')}
        onClick={() => setWarning(null)}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
