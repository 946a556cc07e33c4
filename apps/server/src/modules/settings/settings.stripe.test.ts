import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp({
  env: { STRIPE_SECRET_KEY: 'sk_test_marquee_secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_marquee_public' },
});

describe('settings with Stripe keys configured', () => {
  it("defaults the gateway to 'stripe' (spec §9) and publishes only the publishable key", async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json()).toMatchObject({ paymentGateway: 'stripe', stripePublishableKey: 'pk_test_marquee_public' });
    expect(res.body).not.toContain('sk_test_marquee_secret');
  });

  it('an admin may still choose the sandbox gateway', async () => {
    const { app } = t();
    await app.ctx.settings.update({ paymentGateway: 'sandbox' }, null);
    const keys = await app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['paymentGateway'] } });
    expect(keys.json()).toEqual({ paymentGateway: 'sandbox' });
  });
});
