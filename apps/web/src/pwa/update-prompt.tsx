import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';

/**
 * Registers the service worker and, when a new version has been deployed and installed in the
 * background, asks the user to reload into it (the new worker waits until then, so a page never
 * runs half old, half new code).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A tab left open for days still learns about a deploy: check once an hour.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-lg sm:bottom-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="flex-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">{t('update.ready')}</p>
      <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
        {t('update.later')}
      </Button>
      <Button size="sm" onClick={() => void updateServiceWorker(true)}>
        {t('update.reload')}
      </Button>
    </div>
  );
}
