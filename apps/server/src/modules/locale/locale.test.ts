import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape, expectRequiresAuth } from '../../../test/route-checks';

const t = useTestApp();

describe('interface language on the account', () => {
  it('is stored for the signed-in account and comes back in /users/me; unknown languages are refused', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/me/locale',
      headers: fan.auth,
      payload: { locale: 'pt-BR' },
    });
    expect(res.json()).toEqual({ locale: 'pt-BR' });
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth });
    expect(me.json().locale).toBe('pt-BR');
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/users/me/locale',
      headers: fan.auth,
      payload: { locale: 'xx' },
    });
    expect(JSON.stringify(expectErrorShape(bad, 400))).toContain('locale');
    await expectRequiresAuth(app, 'PUT', '/api/users/me/locale', { locale: 'de' });
  });
});
