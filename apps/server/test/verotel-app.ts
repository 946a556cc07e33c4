import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import type { App } from '../src/app-type';
import { verifyLedger } from '../src/modules/ledger/ledger.service';
import { useTestApp } from './harness';
import { startVerotelPeer, type VerotelPeer } from './verotel-peer';

export const VEROTEL_SHOP = '68849';
export const VEROTEL_KEY = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';

/** A FlexPay peer whose signed postbacks reach the app of `app()` (GET, or POST as a form). */
export function startVerotelPeerFor(app: () => App) {
  return startVerotelPeer({
    shopId: VEROTEL_SHOP,
    signatureKey: VEROTEL_KEY,
    apiUsername: 'api-user',
    apiPassword: 'api-pass',
    deliver: async (query, method) => {
      const res =
        method === 'GET'
          ? await app().inject({ method, url: `/api/payments/verotel/webhook?${query}` })
          : await app().inject({
              method,
              url: '/api/payments/verotel/webhook',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: query,
            });
      return { status: res.statusCode, body: res.body };
    },
  });
}

/** The app's environment for Verotel at the peer; postbacks allowed from 127.0.0.1 and 10.20.0.0/16. */
export function verotelEnv(peer: VerotelPeer): Record<string, string> {
  return {
    VEROTEL_SHOP_ID: VEROTEL_SHOP,
    VEROTEL_SIGNATURE_KEY: VEROTEL_KEY,
    VEROTEL_FLEXPAY_URL: peer.url,
    VEROTEL_API_URL: peer.apiUrl,
    VEROTEL_API_USERNAME: 'api-user',
    VEROTEL_API_PASSWORD: 'api-pass',
    VEROTEL_POSTBACK_IPS: '127.0.0.1, 10.20.0.0/16',
  };
}

/**
 * The app of a test file with Verotel as the site's gateway, pointed at a local FlexPay peer whose
 * postbacks reach the app's webhook (from 127.0.0.1, an allowed address); the ledger is verified
 * balanced after each test.
 */
export async function useVerotelApp() {
  const peer = await startVerotelPeerFor(() => t().app);
  const t = useTestApp({ env: { ...verotelEnv(peer), PUBLIC_URL: 'https://fans.example.test' } });
  afterAll(() => peer.close());
  beforeEach(async () => {
    peer.postbacksBy('GET');
    await t().app.ctx.settings.update({ paymentGateway: 'verotel' }, null);
  });
  afterEach(async () => {
    const report = await verifyLedger(t().app.ctx.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
  return { peer, t };
}
