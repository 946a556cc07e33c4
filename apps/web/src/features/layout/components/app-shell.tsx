import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { Toaster } from '../../../components/ui/toast';
import { useUiStore } from '../../../lib/ui-store';
import { AgeGate } from '../../age-gate/components/age-gate';
import { AuthModals } from '../../auth/components/auth-modals';
import { GeoGate } from '../../profiles/components/geo-gate';
import { RealtimeConnector } from '../../realtime/components/realtime-connector';
import { SubscriptionModalHost } from '../../subscriptions/components/subscription-modal-host';
import { AppEffects } from './app-effects';
import { GeoBlockLayout, LAYOUTS, type LayoutName, MaintenanceLayout, RegionBlockLayout } from './layouts';

export interface RouteHandle {
  layout?: LayoutName;
}

/** Picks the layout: a block or maintenance flag wins over the route's own layout (spec §2). */
function CurrentLayout() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const maintenance = useUiStore((s) => s.maintenance);
  const geoBlocked = useUiStore((s) => s.geoBlocked);
  const regionBlocked = useUiStore((s) => s.regionBlocked);
  const handle = (matches[matches.length - 1]?.handle ?? {}) as RouteHandle;

  if (geoBlocked) return <GeoBlockLayout />;
  if (regionBlocked) return <RegionBlockLayout />;
  // Auth pages stay reachable so an administrator can still sign in.
  if (maintenance && !pathname.startsWith('/auth/')) return <MaintenanceLayout />;

  const Layout = LAYOUTS[handle.layout ?? 'primary'];
  return (
    <Layout>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Layout>
  );
}

export function AppShell() {
  return (
    <>
      <AppEffects />
      <GeoGate />
      <RealtimeConnector />
      <CurrentLayout />
      <AuthModals />
      <SubscriptionModalHost />
      <AgeGate />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
