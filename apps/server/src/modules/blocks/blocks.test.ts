import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildCountryBlocks, buildFollow } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';
import { assertNotBlocked, isBlocked } from './blocks.service';

const t = useTestApp();
const GB_IP = '81.2.69.142';
const US_NY_IP = '207.97.227.239';

describe('blocking fans', () => {
  it('blocks, lists and unblocks a fan; the fan loses the follow', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app, { username: 'pesky_fan' });
    await buildFollow(app, fan.user.id, creator.user.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: creator.auth,
      payload: { targetId: fan.user.id, reason: 'rude' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ targetId: fan.user.id, reason: 'rude', target: { username: 'pesky_fan' } });
    const list = await app.inject({ method: 'GET', url: '/api/block/users?q=pesky', headers: creator.auth });
    expect(list.json()).toMatchObject({ total: 1, data: [{ targetId: fan.user.id }] });
    const profile = await app.inject({ method: 'GET', url: `/api/performers/${creator.user.id}` });
    expect(profile.json().stats.followers).toBe(0);

    const del = await app.inject({ method: 'DELETE', url: `/api/block/users/${fan.user.id}`, headers: creator.auth });
    expect(del.json()).toEqual({ success: true });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/block/users/${fan.user.id}`, headers: creator.auth }))
        .statusCode,
    ).toBe(404);
    expect(await isBlocked(app.ctx, creator.user.id, fan.user.id)).toBe(false);
  });

  it('refuses to block oneself or an admin, and is for creators only', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const self = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: creator.auth,
      payload: { targetId: creator.user.id },
    });
    expect(self.statusCode).toBe(400);
    const adm = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: creator.auth,
      payload: { targetId: admin.user.id },
    });
    expect(adm.statusCode).toBe(403);
    const byFan = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: fan.auth,
      payload: { targetId: creator.user.id },
    });
    expect(byFan.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/block/users' })).statusCode).toBe(401);
  });

  it('a blocked fan gets 403 on the profile, follow, bookmark and like, and disappears from discovery', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, { username: 'strict' });
    const fan = await buildUser(app);
    const other = await buildUser(app);
    await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: creator.auth,
      payload: { targetId: fan.user.id },
    });
    const attempts = [
      { method: 'GET' as const, url: '/api/performers/strict' },
      { method: 'GET' as const, url: `/api/performers/${creator.user.id}` },
      { method: 'POST' as const, url: '/api/follows/strict' },
      {
        method: 'POST' as const,
        url: '/api/reactions',
        payload: { objectType: 'performer', objectId: creator.user.id, action: 'bookmark' },
      },
      {
        method: 'POST' as const,
        url: '/api/reactions',
        payload: { objectType: 'performer', objectId: creator.user.id, action: 'like' },
      },
    ];
    for (const a of attempts) {
      const res = await app.inject({ ...a, headers: fan.auth });
      expect(res.statusCode, `${a.method} ${a.url}`).toBe(403);
      expect(res.json().code).toBe('BLOCKED');
      expect((await app.inject({ ...a, headers: other.auth })).statusCode, `other ${a.url}`).toBe(200);
    }
    await expect(assertNotBlocked(app.ctx, creator.user.id, fan.user.id)).rejects.toMatchObject({ statusCode: 403 });
    // The creator and admins are never blocked
    expect(await isBlocked(app.ctx, creator.user.id, creator.user.id)).toBe(false);
    const search = await app.inject({ method: 'GET', url: '/api/performers/user/search', headers: fan.auth });
    expect(search.json().total).toBe(0);
    const top = await app.inject({ method: 'GET', url: '/api/performers/top', headers: fan.auth });
    expect(top.json().data).toEqual([]);
  });
});

describe('blocking countries', () => {
  it('sets and reads the list, normalising codes', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/block/countries',
      headers: creator.auth,
      payload: { countryCodes: ['gb', 'DE', 'GB'] },
    });
    expect(res.json()).toEqual({ countryCodes: ['DE', 'GB'] });
    expect((await app.inject({ method: 'GET', url: '/api/block/countries', headers: creator.auth })).json()).toEqual({
      countryCodes: ['DE', 'GB'],
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/block/countries',
      headers: creator.auth,
      payload: { countryCodes: ['GBR'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('hides the creator from visitors in a blocked country, by IP', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, { username: 'uk_shy' });
    await buildCountryBlocks(app, creator.user.id, ['GB']);
    const fromGb = { remoteAddress: GB_IP };
    const fromUs = { remoteAddress: US_NY_IP };
    const check = await app.inject({ method: 'GET', url: '/api/block/countries/check?performerId=uk_shy', ...fromGb });
    expect(check.json()).toEqual({ blocked: true, countryCode: 'GB' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/block/countries/check?performerId=uk_shy', ...fromUs })).json(),
    ).toEqual({
      blocked: false,
      countryCode: 'US',
    });
    const profile = await app.inject({ method: 'GET', url: '/api/performers/uk_shy', ...fromGb });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().code).toBe('COUNTRY_BLOCKED');
    expect((await app.inject({ method: 'GET', url: '/api/performers/uk_shy', ...fromUs })).statusCode).toBe(200);
    const search = await app.inject({ method: 'GET', url: '/api/performers/user/search', ...fromGb });
    expect(search.json().total).toBe(0);
    // Without the trusted-proxy setting a spoofed header changes nothing
    const spoofed = await app.inject({
      method: 'GET',
      url: '/api/performers/uk_shy',
      remoteAddress: GB_IP,
      headers: { 'x-forwarded-for': US_NY_IP, 'cf-ipcountry': 'US' },
    });
    expect(spoofed.statusCode).toBe(403);
  });

  it('checks site-level country blocks without a creator', async () => {
    const { app } = t();
    await app.ctx.settings.update({ blockedCountries: ['GB'] }, null);
    expect(
      (await app.inject({ method: 'GET', url: '/api/block/countries/check', remoteAddress: GB_IP })).json().blocked,
    ).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: '/api/block/countries/check', remoteAddress: US_NY_IP })).json().blocked,
    ).toBe(false);
  });
});

describe('US state blocking (site level)', () => {
  it('blocks visitors from admin-configured states only', async () => {
    const { app } = t();
    const before = await app.inject({ method: 'GET', url: '/api/block/us/states/check', remoteAddress: US_NY_IP });
    expect(before.json()).toEqual({ blocked: false, countryCode: null, stateCode: null });
    await app.ctx.settings.update({ blockedUsStates: ['NY', 'TX'] }, null);
    const ny = await app.inject({ method: 'GET', url: '/api/block/us/states/check', remoteAddress: US_NY_IP });
    expect(ny.json()).toEqual({ blocked: true, countryCode: 'US', stateCode: 'NY' });
    const gb = await app.inject({ method: 'GET', url: '/api/block/us/states/check', remoteAddress: GB_IP });
    expect(gb.json()).toEqual({ blocked: false, countryCode: 'GB', stateCode: null });
    const local = await app.inject({ method: 'GET', url: '/api/block/us/states/check', remoteAddress: '127.0.0.1' });
    expect(local.json().blocked).toBe(false);
  });
});
