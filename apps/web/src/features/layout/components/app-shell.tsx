import { AGE_GATE_COOKIE } from '@marquee/shared/constants';
import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { getCookie } from '../../../lib/cookies';
import { lazyNamed } from '../../../lib/lazy-named';
import { useUiStore } from '../../../lib/ui-store';
import { useJurisdictionGate } from '../../age-assurance/components/jurisdiction-gate';
import { GeoGate } from '../../profiles/components/geo-gate';
import { RealtimeConnector } from '../../realtime/components/realtime-connector';
import { PrivateRequestToaster } from '../../streaming/components/private-request-toaster';
import { SubscriptionModalHost } from '../../subscriptions/components/subscription-modal-host';

// Dialogs and toasts load when first needed: the first page draws none of them (docs/performance.md).
const Toaster = lazyNamed(() => import('../../../components/ui/toast'), 'Toaster');
const AgeGate = lazyNamed(() => import('../../age-gate/components/age-gate'), 'AgeGate');
const AuthModals = lazyNamed(() => import('../../auth/components/auth-modals'), 'AuthModals');

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
  const jurisdiction = useJurisdictionGate(pathname);

  if (jurisdiction) return jurisdiction;
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

/**
 * The first page of a document load has React Router's key "default" on every load, so a position
 * saved on one page came back on another one opened by reload or typed address (61 px down, the
 * title under the header). Each document load gets its own key: a fresh load starts at the top;
 * back/forward inside the app still restore.
 */
const FRESH_LOAD = `load-${Date.now()}`;
const scrollKey = (location: { key: string }) => (location.key === 'default' ? FRESH_LOAD : location.key);

/** The login and register modals, once one has been opened (and kept, for their closing animation). */
function AuthModalsHost() {
  const opened = useUiStore((s) => s.loginOpen || s.registerOpen);
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  return used || opened ? <AuthModals /> : null;
}

/** The age notice, loaded only for a visitor who has not confirmed it yet (no cookie). */
function AgeGateHost() {
  const [needed] = useState(() => !getCookie(AGE_GATE_COOKIE));
  return needed ? <AgeGate /> : null;
}

export function AppShell() {
  return (
    <>
      <AppEffects />
      <GeoGate />
      <RealtimeConnector />
      <PrivateRequestToaster />
      <CurrentLayout />
      <Suspense fallback={null}>
        <AuthModalsHost />
      </Suspense>
      <Suspense fallback={null}>
        <AgeGateHost />
      </Suspense>
      {/* Always mounted, loaded just after the first paint (toasts pushed before it show once it is in). */}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <SubscriptionModalHost />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
