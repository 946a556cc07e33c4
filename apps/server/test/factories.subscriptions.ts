import type { SubscribeBody } from '@marquee/shared';
import type { App } from '../src/app';
import type { Actor } from './factories';

/** Subscribes a fan through the API (the only way tests create subscriptions: no rows by hand). */
export async function subscribeVia(app: App, fan: Actor, body: SubscribeBody) {
  return app.inject({ method: 'POST', url: '/api/payment/subscribe/performers', headers: fan.auth, payload: body });
}

/** Sets a creator's subscription offers through the API. */
export async function setSubscriptionSettings(app: App, creator: Actor, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/performers/me/subscription-settings',
    headers: creator.auth,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`subscription settings: ${res.statusCode} ${res.body}`);
  return res.json();
}
