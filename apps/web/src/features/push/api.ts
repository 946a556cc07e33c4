import type { PushCategory, PushConfig, PushDevice } from '@marquee/shared/push';
import useSWR from 'swr';
import { api } from '../../lib/api';

export const PUSH_CONFIG_KEY = '/push/config';
export const PUSH_DEVICES_KEY = '/push/subscriptions';

export function usePushConfig() {
  return useSWR<PushConfig>(PUSH_CONFIG_KEY);
}

export function usePushDevices() {
  return useSWR<{ data: PushDevice[] }>(PUSH_DEVICES_KEY);
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
export async function turnOnPush(publicKey: string, categories: PushCategory[]): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in your browser settings.');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = subscription.toJSON();
  return api.post<PushDevice>('/push/subscriptions', {
    endpoint: json.endpoint,
    keys: json.keys,
    categories,
    deviceName: deviceName(),
  });
}

export function setDeviceCategories(id: string, categories: PushCategory[]) {
  return api.put<PushDevice>(`/push/subscriptions/${id}`, { categories });
}

export async function removeDevice(id: string, thisDevice: boolean) {
  if (thisDevice) await (await currentSubscription())?.unsubscribe();
  return api.delete<{ success: boolean }>(`/push/subscriptions/${id}`);
}

export function sendTestPush(id: string) {
  return api.post<{ delivered: boolean; removed: boolean }>(`/push/subscriptions/${id}/test`);
}
