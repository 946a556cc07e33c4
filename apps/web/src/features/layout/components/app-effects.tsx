import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { initAnalytics, trackPageView } from '../../../lib/analytics';
import { rememberReturnTo } from '../../../lib/return-to';
import { watchSystemTheme } from '../../../lib/theme';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { useSettings } from '../../settings/api';

/** Side effects of settings and navigation: favicon, maintenance flag, analytics, return path, OS theme. */
export function AppEffects() {
  const { favicon, maintenanceMode, gaCode, siteName, isLoading } = useSettings();
  const { user } = useCurrentUser();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  // While the choice is 'system', the page follows the OS setting from the first paint on.
  useEffect(() => watchSystemTheme(() => useUiStore.getState().theme), []);

  useEffect(() => {
    if (!favicon) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) {
      link.removeAttribute('type');
      link.href = favicon;
    }
  }, [favicon]);

  useEffect(() => {
    if (!document.title || document.title === 'Marquee') document.title = siteName;
  }, [siteName]);

  // Spec §2: maintenance selects its layout for everyone but admins.
  useEffect(() => {
    useUiStore.getState().setFlags({ maintenance: maintenanceMode && user?.role !== 'admin' });
  }, [maintenanceMode, user?.role]);

  useEffect(() => {
    if (gaCode) initAnalytics(gaCode);
  }, [gaCode]);

  // Page views on route changes only (spec §1); waits for settings so the first view is not lost.
  useEffect(() => {
    if (!isLoading && gaCode) trackPageView(path);
  }, [path, gaCode, isLoading]);

  useEffect(() => {
    rememberReturnTo(path);
    useUiStore.getState().setSidebarOpen(false);
  }, [path]);

  return null;
}
