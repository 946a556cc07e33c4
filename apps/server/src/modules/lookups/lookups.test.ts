import type { City, Country, CountryState, Language, PhoneCode, UserAdditional } from '@marquee/shared';
import { USER_ADDITIONAL } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

async function get(url: string, headers: Record<string, string> = {}) {
  return t().app.inject({ method: 'GET', url, headers });
}

describe('GET /countries/list', () => {
  it('lists every country with capital, region, currency, language and an SVG flag url', async () => {
    const res = await get('/api/countries/list');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = res.json<Country[]>();
    expect(list.length).toBeGreaterThan(240);
    expect(list.find((c) => c.code === 'US')).toEqual({
      name: 'United States',
      code: 'US',
      capital: 'Washington D.C.',
      region: 'North America',
      currency: { code: 'USD', name: 'US Dollar', symbol: '$' },
      language: { code: 'en', name: 'English' },
      flag: '/api/flags/us.svg',
    });
    expect(list.find((c) => c.code === 'DE')).toMatchObject({
      capital: 'Berlin',
      region: 'Europe',
      currency: { code: 'EUR', symbol: '€' },
      language: { code: 'de', name: 'German' },
    });
    // sorted by name, codes unique
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
  });

  it('is cached: Cache-Control public for a day, an ETag, and 304 when the client holds it', async () => {
    const first = await get('/api/countries/list');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/countries/list', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await get('/api/countries/list', { 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);
    const stale = await get('/api/countries/list', { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });
});

describe('GET /flags/:code', () => {
  it('serves the flag of every listed country as SVG', async () => {
    const list = (await get('/api/countries/list')).json<Country[]>();
    for (const country of list) {
      const res = await get(country.flag);
      expect(res.statusCode, country.code).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
    }
    const us = await get('/api/flags/US');
    expect(us.body).toMatch(/^<svg[\s>]/);
    expect(us.headers['cache-control']).toBe('public, max-age=86400');
    expect(us.headers['content-security-policy']).toContain("default-src 'none'");
    const cached = await get('/api/flags/us.svg', { 'if-none-match': us.headers.etag as string });
    expect(cached.statusCode).toBe(304);
  });

  it('rejects malformed codes and answers 404 for unknown ones', async () => {
    const bad = await get('/api/flags/..%2F..%2Fpackage.json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^params\.code: /);
    const unknown = await get('/api/flags/qq.svg');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'Flag for "QQ" not found' });
  });
});

describe('GET /states/:countryCode and /cities/:countryCode/:stateCode', () => {
  it('lists the states of a country, any case', async () => {
    const res = await get('/api/states/us');
    expect(res.statusCode).toBe(200);
    const states = res.json<CountryState[]>();
    expect(states).toContainEqual({ name: 'California', code: 'CA', countryCode: 'US' });
    expect(states.length).toBeGreaterThanOrEqual(50);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toBeTruthy();
  });

  it('lists the cities of a state', async () => {
    const res = await get('/api/cities/US/CA');
    expect(res.statusCode).toBe(200);
    const cities = res.json<City[]>();
    expect(cities).toContainEqual({ name: 'San Francisco', stateCode: 'CA', countryCode: 'US' });
    expect(cities.every((c) => c.stateCode === 'CA' && c.countryCode === 'US')).toBe(true);
    const again = await get('/api/cities/us/ca', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('names the problem for unknown or malformed countries and states', async () => {
    const unknown = await get('/api/states/ZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Country "ZZ" not found' });
    const malformed = await get('/api/states/USA');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(malformed.json().message).toMatch(/^params\.countryCode: .*two-letter/);
    const noCountry = await get('/api/cities/ZZ/CA');
    expect(noCountry.statusCode).toBe(404);
    expect(noCountry.json().message).toBe('Country "ZZ" not found');
    const noState = await get('/api/cities/US/QQ');
    expect(noState.statusCode).toBe(404);
    expect(noState.json().message).toBe('State "QQ" of country "US" not found');
  });
});

describe('other lookups', () => {
  it('GET /languages/list lists ISO 639-1 languages', async () => {
    const res = await get('/api/languages/list');
    expect(res.statusCode).toBe(200);
    const languages = res.json<Language[]>();
    expect(languages.length).toBeGreaterThan(150);
    expect(languages).toContainEqual({ code: 'fr', name: 'French', native: 'Français' });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('GET /phone-codes/list gives each country its dialling codes', async () => {
    const res = await get('/api/phone-codes/list');
    expect(res.statusCode).toBe(200);
    const codes = res.json<PhoneCode[]>();
    expect(codes.find((c) => c.code === 'US')).toEqual({
      code: 'US',
      name: 'United States',
      dialCode: '+1',
      dialCodes: ['+1'],
    });
    expect(codes.find((c) => c.code === 'GB')?.dialCode).toBe('+44');
    expect(codes.every((c) => /^\+\d+$/.test(c.dialCode))).toBe(true);
    expect(res.headers.etag).toBeTruthy();
  });

  it('GET /user-additional gives the creator profile option lists', async () => {
    const res = await get('/api/user-additional');
    expect(res.statusCode).toBe(200);
    const body = res.json<UserAdditional>();
    expect(body).toEqual(USER_ADDITIONAL);
    expect(body.ages.map((a) => a.value)).toEqual([
      '18_19',
      '20_24',
      '25_29',
      '30_34',
      '35_39',
      '40_44',
      '45_49',
      'over_50',
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('every lookup is public and documented in OpenAPI', async () => {
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/countries/list',
      '/api/flags/{code}',
      '/api/states/{countryCode}',
      '/api/cities/{countryCode}/{stateCode}',
      '/api/languages/list',
      '/api/phone-codes/list',
      '/api/user-additional',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
