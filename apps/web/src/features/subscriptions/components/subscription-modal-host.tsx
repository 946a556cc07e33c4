import { lazy, Suspense } from 'react';
import { useSubscriptionModal } from '../store';

const SubscriptionModal = lazy(() => import('./subscription-modal'));

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
