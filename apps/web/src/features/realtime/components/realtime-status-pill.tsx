import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';

/** Shown only to a signed-in user whose live connection is not up. */
export function RealtimeStatusPill() {
  const status = useUiStore((s) => s.realtimeStatus);
  const { isLoggedIn } = useCurrentUser();
  const { t } = useTranslation();
  if (!isLoggedIn || status === 'connected') return null;
  const bad = status === 'failed' || status === 'disconnect';
  return (
    <output
      aria-live="polite"
      className={cn(
        'hidden items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold sm:inline-flex',
        bad
          ? 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300'
          : 'bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-300',
      )}
    >
      <span
        className={cn('size-2 rounded-full', bad ? 'bg-red-500' : 'animate-pulse bg-amber-500')}
        aria-hidden="true"
      />
      {t(`realtime.${status}`)}
    </output>
  );
}
