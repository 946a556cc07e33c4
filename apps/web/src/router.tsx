import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './features/layout/components/app-shell';
import { RequireAuth } from './routes/require-auth';
import { RouteError } from './routes/route-error';
import { type AppRoute, ROUTES } from './routes/routes';

function toRouteObject(route: AppRoute): RouteObject {
  const Page = lazy(route.page);
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
