import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { settings } from '../../db/schema';
import { flexpaySignature } from '../../lib/payments/verotel.postback';

// Only the shop ID in the environment: the signature key comes from the admin console.
const t = useTestApp({ env: { VEROTEL_SHOP_ID: '68849', VEROTEL_FLEXPAY_URL: 'https://secure.verotel.test' } });

describe('Verotel keys set from the admin console', () => {
  it('are write-only, stored encrypted, and make the gateway usable at once', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    await app.ctx.settings.update({ paymentGateway: 'verotel' }, null);
    const topUp = () =>
      app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: fan.auth, payload: { amount: 20 } });
    expect((await topUp()).json()).toMatchObject({ code: 'GATEWAY_NOT_CONFIGURED' });

    const key = 'console-flexpay-key-42';
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { verotelSignatureKey: key, verotelApiPassword: 'api-pass-42' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).not.toContain(key);
    expect(put.json().secrets).toMatchObject({
      verotelSignatureKey: { set: true, source: 'console' },
      verotelApiPassword: { set: true, source: 'console' },
    });
    const stored = await app.ctx.db.select().from(settings).where(eq(settings.key, 'secret:verotelSignatureKey'));
    expect(JSON.stringify(stored[0].value)).not.toContain(key);

    const res = await topUp();
    expect(res.statusCode, res.body).toBe(200);
    const link = new URL(res.json().checkoutUrl);
    expect(link.origin).toBe('https://secure.verotel.test');
    const { signature, ...params } = Object.fromEntries(link.searchParams);
    expect(signature).toBe(flexpaySignature(key, params));
  });
});
