import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { PageSpinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api';
import { rememberReturnTo } from '../lib/return-to';
import { useUiStore } from '../lib/ui-store';

/** Enforces the authentication-required and performer-only page flags. */
export function RequireAuth({ performerOnly, children }: { performerOnly?: boolean; children: ReactNode }) {
  const token = useUiStore((s) => s.token);
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();

  if (!token) {
    rememberReturnTo(`${pathname}${search}`);
    return <Navigate to="/auth/login" replace />;
  }
  if (isLoading || !user) return <PageSpinner />;
  if (performerOnly && !user.isPerformer) {
    return (
      <EmptyState
        icon={Lock}
        level={1}
        title="This page is for creators"
        description="Your account is a fan account, so there is nothing to manage here."
        action={
          <a href="/user/account" className={buttonClasses('outline')}>
            Go to my account
          </a>
        }
      />
    );
  }
  return <>{children}</>;
}
