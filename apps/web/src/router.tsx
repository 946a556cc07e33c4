import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppShell } from './features/layout/components/app-shell';
import { loadEnglish } from './lib/i18n/english';
import { RequireAuth } from './routes/require-auth';
import { RouteError } from './routes/route-error';
import { ROUTE_TEXTS } from './routes/route-texts.gen';
import { type AppRoute, ROUTES } from './routes/routes';

/**
 * A page's module and the English texts its files use beyond the shell's (`route-texts.gen.ts`,
 * docs/i18n.md), together: the page never draws a raw key.
 */
const loadPage = (route: AppRoute) =>
  Promise.all([route.page(), loadEnglish(ROUTE_TEXTS[route.path] ?? [])]).then(([page]) => page);

/** Page modules loaded before the first render (preloadFirstPage): rendered at once, not lazily. */
const preloaded = new Map<AppRoute, ComponentType>();

/**
 * Loads the module of the page the document opened at, before main.tsx renders: the first paint
 * has the page, not the loading spinner. With the spinner, a phone's first screen showed the footer
 * right under it, and the page pushed it down when it arrived (Lighthouse mobile: layout shift 0.39
 * on `/`). Later navigations stay lazy, with the spinner. A failed load is left to the lazy path
 * (and its error page).
 */
export async function preloadFirstPage(pathname: string): Promise<void> {
  const matches = matchRoutes(
    ROUTES.map((r, i) => ({ path: r.path, id: String(i) })),
    pathname,
  );
  const route = ROUTES[Number(matches?.at(-1)?.route.id)];
  if (!route) return;
  try {
    preloaded.set(route, (await loadPage(route)).default);
  } catch {}
}

function toRouteObject(route: AppRoute): RouteObject {
  const Page = preloaded.get(route) ?? lazy(() => loadPage(route));
  const element =
    route.auth || route.performerOnly ? (
      <RequireAuth performerOnly={route.performerOnly}>
        <Page />
      </RequireAuth>
    ) : (
      <Page />
    );
  return { path: route.path, element, handle: { layout: route.layout ?? 'primary' } };
}

export function createAppRouter() {
  return createBrowserRouter([
    { element: <AppShell />, errorElement: <RouteError />, children: ROUTES.map(toRouteObject) },
  ]);
}
