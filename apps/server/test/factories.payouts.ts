import type { App } from '../src/app';
import { type Actor, buildUser } from './factories';
import { fundWallet } from './factories.money';

/** A creator earns through real tips (fan wallet → creator net, commission to the platform): 20% commission by default. */
export async function earnThroughTips(app: App, creator: Actor, tips: number[], fan?: Actor) {
  const payer = fan ?? (await buildUser(app));
  await fundWallet(app, payer.user.id, tips.reduce((s, t) => s + t, 0) * 100);
  const charges: string[] = [];
  for (const amount of tips) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: payer.auth,
      payload: { amount },
    });
    if (res.statusCode !== 200) throw new Error(`tip failed: ${res.body}`);
    charges.push(res.json().charge._id);
  }
  return { fan: payer, charges };
}

/** Saves bank transfer details through the API (sealed at rest). */
export async function setBankDetails(app: App, creator: Actor, overrides: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/performers/${creator.user.id}/banking-settings`,
    headers: creator.auth,
    payload: {
      firstName: 'Luna',
      lastName: 'Rivera',
      bankName: 'First Test Bank',
      iban: 'DE89 3704 0044 0532 0130 00',
      swiftCode: 'COBADEFFXXX',
      country: 'DE',
      ...overrides,
    },
  });
  if (res.statusCode !== 200) throw new Error(`banking settings failed: ${res.body}`);
  return res.json();
}

export function requestPayout(app: App, creator: Actor, amount: number, method = 'bank', note?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payout-requests',
    headers: creator.auth,
    payload: { amount, paymentAccountType: method, ...(note ? { requestNote: note } : {}) },
  });
}
