import { describe, expect, it } from 'vitest';
import { buildPerformer } from '../../../test/factories';
import { buildCountryBlocks } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';

// Behind a trusted proxy: X-Forwarded-For gives the client address, GEO_IP_HEADER its country.
const t = useTestApp({ env: { TRUST_PROXY: '1', GEO_IP_HEADER: 'cf-ipcountry' } });
const PROXY = '10.0.0.5';

describe('geo rules behind a trusted proxy', () => {
  it('reads the country from the trusted header', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, { username: 'de_shy' });
    await buildCountryBlocks(app, creator.user.id, ['DE']);
    const fromDe = await app.inject({
      method: 'GET',
      url: '/api/performers/de_shy',
      remoteAddress: PROXY,
      headers: { 'cf-ipcountry': 'de' },
    });
    expect(fromDe.statusCode).toBe(403);
    const check = await app.inject({
      method: 'GET',
      url: '/api/block/countries/check?performerId=de_shy',
      remoteAddress: PROXY,
      headers: { 'cf-ipcountry': 'DE' },
    });
    expect(check.json()).toEqual({ blocked: true, countryCode: 'DE' });
  });

  it('falls back to the forwarded client address when the header is absent', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, { username: 'gb_shy' });
    await buildCountryBlocks(app, creator.user.id, ['GB']);
    const res = await app.inject({
      method: 'GET',
      url: '/api/performers/gb_shy',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '81.2.69.142' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('COUNTRY_BLOCKED');
    const fromProxyOnly = await app.inject({ method: 'GET', url: '/api/performers/gb_shy', remoteAddress: PROXY });
    expect(fromProxyOnly.statusCode).toBe(200);
  });

  it('resolves US states from the forwarded address', async () => {
    const { app } = t();
    await app.ctx.settings.update({ blockedUsStates: ['NY'] }, null);
    const res = await app.inject({
      method: 'GET',
      url: '/api/block/us/states/check',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '207.97.227.239' },
    });
    expect(res.json()).toEqual({ blocked: true, countryCode: 'US', stateCode: 'NY' });
  });
});
