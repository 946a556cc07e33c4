import { lazy, Suspense } from 'react';
import { loadEnglish } from '../../../lib/i18n/english';
import { useSubscriptionModal } from '../store';

// The modal's code and its English texts (not in the first load, docs/i18n.md) come together.
const SubscriptionModal = lazy(() =>
  loadEnglish(['subscriptions', 'payments']).then(() => import('./subscription-modal')),
);

/** Mounted once in the app shell; the modal's code loads the first time someone opens it. */
export function SubscriptionModalHost() {
  const opened = useSubscriptionModal((s) => s.showModal || s.performer !== null);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionModal />
    </Suspense>
  );
}
