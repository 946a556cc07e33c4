/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { type PushPayload, pushNotificationOptions } from './push-payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/**
 * Marquee's service worker (docs/pwa.md).
 *
 * - Precaches the app shell and the static build (hashed JS/CSS, icons, the offline page): the
 *   list is injected at build time by vite-plugin-pwa (Workbox injectManifest).
 * - Page navigations go to the network first, so the server's page (its CSP, profile meta tags)
 *   stays current; without a network the precached offline page answers.
 * - Never touches /api, /socket.io or media: private API answers and paid media are never cached.
 * - Shows Web Push notifications and opens their link on click.
 * - Waits with a new version until the page asks it to take over (the update prompt).
 */
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const NEVER = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/media(\/|$)/, /^\/sitemap/, /^\/robots\.txt$/];

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/offline.html')) ?? Response.error();
      }
    },
    { denylist: NEVER },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    payload = { title: event.data?.text() ?? 'Marquee' };
  }
  event.waitUntil(self.registration.showNotification(payload.title, pushNotificationOptions(payload)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data as { link?: string } | null)?.link ?? '/', self.location.origin);
  // Only our own pages: a payload cannot send the user elsewhere.
  const target = link.origin === self.location.origin ? link.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
