import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { buildCountryBlocks } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';
import { verifyLedger } from '../ledger/ledger.service';

// Purchases apply the creator's and the site's geo blocks. Behind a trusted proxy the country comes
// from GEO_IP_HEADER and the address (for US states) from X-Forwarded-For.
const t = useTestApp({ env: { TRUST_PROXY: '1', GEO_IP_HEADER: 'cf-ipcountry' } });
const PROXY = '10.0.0.5';
const NEW_YORK_IP = '207.97.227.239';
const from = (country: string) => ({ remoteAddress: PROXY, headers: { 'cf-ipcountry': country } });

async function setup() {
  const { app } = t();
  const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
  const fan = await buildUser(app);
  await fundWallet(app, fan.user.id, 10_000);
  const tip = (where: { remoteAddress: string; headers: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      remoteAddress: where.remoteAddress,
      headers: { ...fan.auth, ...where.headers },
      payload: { amount: 10 },
    });
  const subscribe = (where: { remoteAddress: string; headers: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      remoteAddress: where.remoteAddress,
      headers: { ...fan.auth, ...where.headers },
      payload: { performerId: creator.user.id },
    });
  const topUp = (where: { remoteAddress: string; headers: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/wallet/top-up',
      remoteAddress: where.remoteAddress,
      headers: { ...fan.auth, ...where.headers },
      payload: { amount: 20 },
    });
  return { app, creator, fan, tip, subscribe, topUp };
}

describe('geo blocks at purchase time', () => {
  it("the creator's blocked countries refuse tips and subscriptions from there; elsewhere they pass", async () => {
    const { app, creator, tip, subscribe } = await setup();
    await buildCountryBlocks(app, creator.user.id, ['DE']);
    const tipDe = await tip(from('DE'));
    expect(tipDe.statusCode).toBe(403);
    expect(tipDe.json().code).toBe('COUNTRY_BLOCKED');
    expect((await subscribe(from('DE'))).json().code).toBe('COUNTRY_BLOCKED');
    expect((await tip(from('FR'))).statusCode).toBe(200);
    expect((await subscribe(from('FR'))).statusCode).toBe(200);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });

  it("the site's blocked countries refuse tips, subscriptions and top-ups", async () => {
    const { app, tip, subscribe, topUp } = await setup();
    await app.ctx.settings.update({ blockedCountries: ['FR'] }, null);
    for (const res of [await tip(from('FR')), await subscribe(from('FR')), await topUp(from('FR'))]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'SITE_COUNTRY_BLOCKED',
        message: 'Purchases are not available in your country',
      });
    }
    expect((await tip(from('GB'))).statusCode).toBe(200);
    expect((await topUp(from('GB'))).statusCode).toBe(200);
  });

  it("the site's blocked US states refuse purchases from an address there", async () => {
    const { app, tip, subscribe } = await setup();
    await app.ctx.settings.update({ blockedUsStates: ['NY'] }, null);
    const nyc = { remoteAddress: PROXY, headers: { 'x-forwarded-for': NEW_YORK_IP } };
    const res = await subscribe(nyc);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'SITE_STATE_BLOCKED',
      message: 'Purchases are not available in your state',
    });
    expect((await tip(nyc)).json().code).toBe('SITE_STATE_BLOCKED');
    expect((await tip(from('US'))).statusCode).toBe(200); // a country-only location names no state
  });
});
