import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

// Segpay's ids come from the environment; its secrets (SRS access key, postback key) may be set by the admin.
const t = useTestApp({
  env: {
    SEGPAY_PACKAGE_ID: '110530',
    SEGPAY_PRICE_POINT_ID: '3773',
    SEGPAY_MERCHANT_ID: 'M-4242',
    SEGPAY_USER_ID: 'srs-user',
  },
});

const probe = (key: string) => `/api/payments/segpay/webhook?key=${key}&action=Probe&purchaseid=P1`;

describe('Segpay secrets from the admin console', () => {
  it('are write-only, sealed, and make Segpay usable at once', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    await app.ctx.settings.update({ paymentGateway: 'segpay' }, null);
    const topUp = () =>
      app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: fan.auth, payload: { amount: 20 } });
    const before = await topUp();
    expect([before.statusCode, before.json().code]).toEqual([400, 'GATEWAY_NOT_CONFIGURED']);
    expect((await app.inject({ url: probe('console-postback-key') })).json().code).toBe('GATEWAY_NOT_CONFIGURED');

    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { segpayAccessKey: 'console-srs-key', segpayPostbackKey: 'console-postback-key' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().secrets).toMatchObject({
      segpayAccessKey: { set: true, source: 'console' },
      segpayPostbackKey: { set: true, source: 'console' },
    });
    expect(put.body).not.toMatch(/console-srs-key|console-postback-key/);
    expect(app.ctx.config.SEGPAY_POSTBACK_KEY).toBe('console-postback-key');

    // postbacks now need the console's key; the public settings never show it
    const ok = await app.inject({ url: probe('console-postback-key') });
    expect([ok.statusCode, ok.body]).toEqual([200, 'OK']);
    expect((await app.inject({ url: probe('old-key') })).json().code).toBe('INVALID_SIGNATURE');
    const pub = await app.inject({ url: '/api/settings/public' });
    expect(pub.json().paymentGateway).toBe('segpay');
    expect(pub.body).not.toMatch(/console-srs-key|console-postback-key/);
  });
});
