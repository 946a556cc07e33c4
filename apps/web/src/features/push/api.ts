import type { PushCategory } from '@marquee/shared/push';
import { client } from '../../lib/api-client';
import type { ApiData } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

export type PushDevice = ApiData<'/push/subscriptions'>['data'][number];

export function usePushConfig() {
  return useApi('/push/config');
}

export function usePushDevices() {
  return useApi('/push/subscriptions');
}

/** Whether this browser can receive Web Push at all (service worker + Push API + notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** This browser's current push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function deviceName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}

/** Asks for permission, subscribes this browser with the site's VAPID key and registers it. */
export async function turnOnPush(publicKey: string, categories: PushCategory[]) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in your browser settings.');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  // A browser's push subscription always has both keys; the server answers 400 if one were missing.
  const { p256dh = '', auth = '' } = subscription.toJSON().keys ?? {};
  return client.post('/push/subscriptions', {
    body: { endpoint: subscription.endpoint, keys: { p256dh, auth }, categories, deviceName: deviceName() },
  });
}

export function setDeviceCategories(id: string, categories: PushCategory[]) {
  return client.put('/push/subscriptions/{id}', { path: { id }, body: { categories } });
}

export async function removeDevice(id: string, thisDevice: boolean) {
  if (thisDevice) await (await currentSubscription())?.unsubscribe();
  return client.delete('/push/subscriptions/{id}', { path: { id } });
}

export function sendTestPush(id: string) {
  return client.post('/push/subscriptions/{id}/test', { path: { id } });
}
