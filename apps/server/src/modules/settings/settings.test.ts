import { publicSettingsSchema } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { buildAdmin } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { AppError } from '../../lib/errors';

const t = useTestApp();

/** Spec §3 site settings and UI settings, with the defaults of spec §9 (no Stripe keys configured). */
const SPEC_DEFAULTS = {
  requireEmailVerification: false,
  stripePublishableKey: '',
  paymentGateway: 'sandbox',
  freeSubscriptionEnabled: true,
  freeSubscriptionDuration: 1,
  minimumSubscriptionPrice: 2.95,
  maximumSubscriptionPrice: 300,
  minimumWalletPrice: 2.95,
  maximumWalletPrice: 300,
  minimumTipPrice: 10,
  maximumTipPrice: 10000,
  minimumPayoutAmount: 50,
  volume: 1,
  gaCode: '',
};
const UI_KEYS = ['siteName', 'logo', 'menus', 'favicon'];

describe('GET /settings/public', () => {
  it('has every site setting of spec §3 with the defaults of spec §9, and the UI settings', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject(SPEC_DEFAULTS);
    for (const key of UI_KEYS) expect(body, key).toHaveProperty(key);
    expect(body.siteName).toBe('Marquee');
    expect(body.menus.length).toBeGreaterThan(0);
    expect(publicSettingsSchema.safeParse(body).success).toBe(true);
  });

  it('never shows server-side settings or secrets', async () => {
    const body = (await t().app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    for (const key of ['commissionPercent', 'performerReferralPercent', 'blockedCountries', 'chargebackPolicy']) {
      expect(body).not.toHaveProperty(key);
    }
    expect(JSON.stringify(body)).not.toContain('test-secret-key');
  });

  it('shows a change made through SettingsService.update at once', async () => {
    const { app } = t();
    await app.inject({ method: 'GET', url: '/api/settings/public' }); // warm the cache
    const admin = await buildAdmin(app);
    const before = await app.ctx.settings.update(
      { siteName: 'Fan Club', minimumTipPrice: 5, freeSubscriptionEnabled: false },
      admin.user.id,
    );
    expect(before.siteName).toBe('Marquee');
    const body = (await app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(body).toMatchObject({ siteName: 'Fan Club', minimumTipPrice: 5, freeSubscriptionEnabled: false });
    // and it lives in the database: a fresh read after the cache is dropped still sees it
    app.ctx.settings.invalidate();
    expect(await app.ctx.settings.get('siteName')).toBe('Fan Club');
  });

  it('refuses unknown settings and invalid values, naming them', async () => {
    const { app } = t();
    const unknown = await app.ctx.settings.update({ notASetting: 1 }, null).catch((e) => e);
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown).toMatchObject({ statusCode: 400, message: 'Unknown setting: notASetting' });
    const invalid = await app.ctx.settings.update({ volume: 7 }, null).catch((e) => e);
    expect(invalid).toMatchObject({ statusCode: 400, code: 'INVALID_SETTING' });
    expect(invalid.message).toMatch(/^Invalid value for volume/);
    expect(await app.ctx.settings.get('volume')).toBe(1);
  });

  it("an admin's gateway choice of 'sandbox' wins; 'stripe' without keys falls back to sandbox", async () => {
    const { app } = t();
    await app.ctx.settings.update({ paymentGateway: 'stripe' }, null);
    const body = (await app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(body.paymentGateway).toBe('sandbox');
  });
});

describe('POST /settings/keys', () => {
  it('returns the public values of the keys asked for, leaving out private and unknown keys', async () => {
    const { app } = t();
    const res = await app.inject({
      method: 'POST',
      url: '/api/settings/keys',
      payload: { keys: ['siteName', 'minimumTipPrice', 'paymentGateway', 'commissionPercent', 'nope'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ siteName: 'Marquee', minimumTipPrice: 10, paymentGateway: 'sandbox' });
  });

  it('names the field when the body is wrong', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toMatch(/^body\.keys: /);
  });
});
