import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { enableTotpFor, lastMailTo } from '../../../test/factories.accounts';
import { useTestApp } from '../../../test/harness';
import { sessions, users } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { currentTotpCode } from './totp';

const t = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10000' } });
const PASSWORD = 'a-long-and-unusual-pass';

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await t().app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('registration', () => {
  it('registers a fan, signs them in, and GET /users/me shows the current user', async () => {
    const reg = await post('/api/auth/users/register', {
      username: 'New_Fan.1',
      email: ' New.Fan@Example.test ',
      password: PASSWORD,
    });
    expect(reg.status).toBe(200);
    expect(reg.body.emailVerificationRequired).toBe(false);
    expect(reg.body.token).toBeTruthy();
    const me = await t().app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${reg.body.token}` } });
    expect(me.json()).toMatchObject({
      username: 'New_Fan.1',
      email: 'new.fan@example.test',
      isPerformer: false,
      role: 'user',
      avatar: '/leaf.jpg',
      balance: 0,
      verificationStatus: null,
      totpEnabled: false,
    });
    expect(me.json().referralCode).toHaveLength(12);
    const [row] = await t().app.ctx.db.select().from(users).where(eq(users.id, reg.body.userId));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses duplicate usernames (any case) and emails, reserved and malformed names, weak passwords', async () => {
    await buildUser(t().app, { username: 'Taken', email: 'taken@example.test' });
    const dupName = await post('/api/auth/users/register', {
      username: 'taken',
      email: 'other@example.test',
      password: PASSWORD,
    });
    expect(dupName).toMatchObject({ status: 409, body: { message: 'This username is already taken' } });
    const dupEmail = await post('/api/auth/users/register', {
      username: 'someone',
      email: 'TAKEN@example.test',
      password: PASSWORD,
    });
    expect(dupEmail).toMatchObject({ status: 409, body: { message: 'This email is already registered' } });
    for (const username of ['admin', 'Messages', 'creator', 'api', 'auth', 'page']) {
      const r = await post('/api/auth/users/register', {
        username,
        email: `${username}@example.test`,
        password: PASSWORD,
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('reserved');
    }
    for (const username of ['ab', 'has space', 'x'.repeat(31), 'emoji😀']) {
      const r = await post('/api/auth/users/register', { username, email: 'ok@example.test', password: PASSWORD });
      expect(r.status).toBe(400);
    }
    const short = await post('/api/auth/users/register', {
      username: 'shorty',
      email: 's@example.test',
      password: 'abc',
    });
    expect(short.status).toBe(400);
    const common = await post('/api/auth/users/register', {
      username: 'common',
      email: 'c@example.test',
      password: 'password123',
    });
    expect(common).toMatchObject({ status: 400, body: { code: 'WEAK_PASSWORD' } });
  });

  it('links a new account to its referrer by referral code; an unknown code is refused', async () => {
    const referrer = await buildPerformer(t().app);
    const r = await post('/api/auth/users/register', {
      username: 'referred',
      email: 'ref@example.test',
      password: PASSWORD,
      referralCode: referrer.user.referralCode,
    });
    expect(r.status).toBe(200);
    const [row] = await t().app.ctx.db.select().from(users).where(eq(users.id, r.body.userId));
    expect(row.referredById).toBe(referrer.user.id);
    const bad = await post('/api/auth/users/register', {
      username: 'referred2',
      email: 'ref2@example.test',
      password: PASSWORD,
      referralCode: 'NOPE',
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_REFERRAL_CODE' } });
  });

  it('registers a creator (JSON) who must be 18 or older', async () => {
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 17);
    const young = await post('/api/auth/performers/register', {
      username: 'young_one',
      email: 'y@example.test',
      password: PASSWORD,
      name: 'Young',
      dateOfBirth: minor.toISOString().slice(0, 10),
    });
    expect(young).toMatchObject({ status: 400, body: { code: 'UNDERAGE' } });
    const ok = await post('/api/auth/performers/register', {
      username: 'new_creator',
      email: 'nc@example.test',
      password: PASSWORD,
      name: 'New Creator',
      dateOfBirth: '1995-04-12',
      gender: 'female',
    });
    expect(ok.status).toBe(200);
    const me = await t().app.inject({
      url: '/api/performers/me',
      headers: { authorization: `Bearer ${ok.body.token}` },
    });
    expect(me.json()).toMatchObject({
      isPerformer: true,
      displayName: 'New Creator',
      dateOfBirth: '1995-04-12',
      verificationStatus: 'unverified',
    });
  });
});

describe('login and sessions', () => {
  it('logs in by username or email; remember decides the lifetime (365 days vs 1 day)', async () => {
    const { user } = await buildUser(t().app, { username: 'loginme', email: 'loginme@example.test' });
    const a = await post('/api/auth/login', { username: 'LoginMe', password: TEST_PASSWORD, remember: true });
    expect(a.status).toBe(200);
    const days = (new Date(a.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    const b = await post('/api/auth/login', { username: 'loginme@example.test', password: TEST_PASSWORD });
    const dayB = (new Date(b.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(dayB).toBeGreaterThan(0.99);
    expect(dayB).toBeLessThan(1.01);
    const [s] = await t().app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    expect(s.tokenHash).not.toBe(a.body.token);
    expect(s.tokenHash).toHaveLength(64);
  });

  it('answers one message for wrong password and unknown account', async () => {
    await buildUser(t().app, { username: 'someone' });
    const wrong = await post('/api/auth/login', { username: 'someone', password: 'wrong-password!' });
    const unknown = await post('/api/auth/login', { username: 'nobody-here', password: 'wrong-password!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('refuses suspended accounts', async () => {
    await buildUser(t().app, { username: 'banned', status: 'suspended' });
    const r = await post('/api/auth/login', { username: 'banned', password: TEST_PASSWORD });
    expect(r.status).toBe(403);
  });

  it('login by token answers the current user; logout revokes the token', async () => {
    const fan = await buildUser(t().app);
    const byToken = await post('/api/auth/login/token', { token: fan.token });
    expect(byToken).toMatchObject({ status: 200, body: { _id: fan.user.id } });
    const out = await post('/api/auth/logout', {}, fan.auth);
    expect(out.status).toBe(200);
    expect((await post('/api/auth/login/token', { token: fan.token })).status).toBe(401);
    const me = await t().app.inject({ url: '/api/users/me', headers: fan.auth });
    expect(me.statusCode).toBe(401);
  });

  it('expired sessions stop working', async () => {
    const fan = await buildUser(t().app);
    setClockOffset(2 * 86_400_000);
    expect((await t().app.inject({ url: '/api/users/me', headers: fan.auth })).statusCode).toBe(401);
  });

  it('accepts a password hashed on the client (spec §5) for the same account', async () => {
    await buildUser(t().app, { username: 'hashy' });
    const hashed = `sha256:${crypto.createHash('sha256').update(TEST_PASSWORD).digest('hex')}`;
    expect((await post('/api/auth/login', { username: 'hashy', password: hashed })).status).toBe(200);
  });
});

describe('email verification', () => {
  it('when required: a link is mailed, login is refused until it is followed; links are single use', async () => {
    await t().app.ctx.settings.update({ requireEmailVerification: true }, null);
    const reg = await post('/api/auth/users/register', {
      username: 'verifyme',
      email: 'verify@example.test',
      password: PASSWORD,
    });
    expect(reg.body).toMatchObject({ emailVerificationRequired: true });
    expect(reg.body.token).toBeUndefined();
    const refused = await post('/api/auth/login', { username: 'verifyme', password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('verify your email');
    // Resend: same answer for unknown addresses
    const resend = await post('/api/auth/email-verification', { email: 'verify@example.test' });
    const unknown = await post('/api/auth/email-verification', { email: 'nobody@example.test' });
    expect(resend.body.message).toBe(unknown.body.message);
    const { mail, token } = await lastMailTo(t().app, 'verify@example.test');
    expect(mail.text).toContain('/auth/verify-email?token=');
    const ok = await post('/api/auth/email-verification/verify', { token });
    expect(ok.status).toBe(200);
    const again = await post('/api/auth/email-verification/verify', { token });
    expect(again).toMatchObject({ status: 400, body: { code: 'LINK_USED' } });
    expect((await post('/api/auth/login', { username: 'verifyme', password: PASSWORD })).status).toBe(200);
  });
});

describe('password recovery and change', () => {
  it('forgot answers the same for unknown emails; the link sets a new password once and revokes sessions', async () => {
    const fan = await buildUser(t().app, { email: 'forgetful@example.test' });
    const known = await post('/api/auth/users/forgot', { email: 'forgetful@example.test' });
    const unknown = await post('/api/auth/users/forgot', { email: 'ghost@example.test' });
    expect(known).toEqual(unknown);
    expect((await lastMailTo(t().app, 'ghost@example.test')).mail).toBeUndefined();
    const { token } = await lastMailTo(t().app, 'forgetful@example.test');
    expect(token).toBeTruthy();
    const set = await post('/api/auth/password-recovery', { token, password: 'brand-new-secret-42' });
    expect(set.status).toBe(200);
    expect((await t().app.inject({ url: '/api/users/me', headers: fan.auth })).statusCode).toBe(401);
    const reused = await post('/api/auth/password-recovery', { token, password: 'another-new-secret-43' });
    expect(reused).toMatchObject({ status: 400, body: { code: 'LINK_USED' } });
    expect(
      (await post('/api/auth/login', { username: fan.user.username, password: 'brand-new-secret-42' })).status,
    ).toBe(200);
    expect((await post('/api/auth/login', { username: fan.user.username, password: TEST_PASSWORD })).status).toBe(401);
  });

  it('an expired recovery link is refused', async () => {
    await buildUser(t().app, { email: 'late@example.test' });
    await post('/api/auth/users/forgot', { email: 'late@example.test' });
    const { token } = await lastMailTo(t().app, 'late@example.test');
    setClockOffset(61 * 60_000);
    const r = await post('/api/auth/password-recovery', { token, password: 'brand-new-secret-42' });
    expect(r).toMatchObject({ status: 400, body: { code: 'LINK_EXPIRED' } });
  });

  it('changing the password needs the current one and revokes the other sessions only', async () => {
    const fan = await buildUser(t().app);
    const other = await post('/api/auth/login', { username: fan.user.username, password: TEST_PASSWORD });
    const put = (payload: object) =>
      t().app.inject({ method: 'PUT', url: '/api/auth/users/me/password', payload, headers: fan.auth });
    expect((await put({ password: 'fresh-password-99', source: 'user' })).statusCode).toBe(400);
    const wrong = await put({ password: 'fresh-password-99', currentPassword: 'nope-nope-nope' });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const ok = await put({ password: 'fresh-password-99', currentPassword: TEST_PASSWORD, source: 'user' });
    expect(ok.statusCode).toBe(200);
    expect((await t().app.inject({ url: '/api/users/me', headers: fan.auth })).statusCode).toBe(200);
    expect(
      (await t().app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${other.body.token}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t().app.inject({
          method: 'PUT',
          url: '/api/auth/users/me/password',
          payload: { password: 'x-long-password' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('two-factor authentication', () => {
  it('turned on from settings, then login asks for the code; a code cannot be replayed', async () => {
    const fan = await buildUser(t().app, { username: 'twofactor' });
    const setup = await t().app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: fan.auth });
    const { secret, otpauthUrl } = setup.json();
    expect(otpauthUrl).toContain('otpauth://totp/');
    const wrong = await post('/api/auth/2fa/enable', { code: '000000' }, fan.auth);
    expect(wrong.status).toBe(400);
    const code = currentTotpCode(secret);
    expect((await post('/api/auth/2fa/enable', { code }, fan.auth)).status).toBe(200);
    const [row] = await t().app.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row.totpSecret).not.toContain(secret);

    const step1 = await post('/api/auth/login', { username: 'twofactor', password: TEST_PASSWORD });
    expect(step1.body).toMatchObject({ totpRequired: true });
    expect(step1.body.token).toBeUndefined();
    // The code used to enable cannot be used again (same time step).
    const replay = await post('/api/auth/login', { username: 'twofactor', password: TEST_PASSWORD, totpCode: code });
    expect(replay.status).toBe(401);
    // A wrong password with a code still says nothing about the code.
    const wrongPw = await post('/api/auth/login', {
      username: 'twofactor',
      password: 'wrong-password!',
      totpCode: '123456',
    });
    expect(wrongPw.status).toBe(401);
    // Simulate the next time step by clearing the last step.
    await t().app.ctx.db.update(users).set({ totpLastStep: 0 }).where(eq(users.id, fan.user.id));
    const ok = await post('/api/auth/login', {
      username: 'twofactor',
      password: TEST_PASSWORD,
      totpCode: currentTotpCode(secret),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    const me = await t().app.inject({ url: '/api/users/me', headers: fan.auth });
    expect(me.json().totpEnabled).toBe(true);
  });
});

describe('issue 23 item 8: every sign-in path ends in the second-factor step', () => {
  it('password login answers a challenge; the challenge and a code give the session, once', async () => {
    const fan = await buildUser(t().app, { username: 'challenged' });
    const secret = await enableTotpFor(t().app, fan.auth);
    const step1 = await post('/api/auth/login', { username: 'challenged', password: TEST_PASSWORD });
    expect(step1.status).toBe(200);
    expect(step1.body).toMatchObject({ totpRequired: true, challengeToken: expect.any(String) });
    expect(step1.body.token).toBeUndefined();
    const { challengeToken } = step1.body;
    // The challenge is no session: token login and the API refuse it.
    expect((await post('/api/auth/login/token', { token: challengeToken })).status).toBe(401);
    expect(
      (await t().app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${challengeToken}` } }))
        .statusCode,
    ).toBe(401);
    const wrong = await post('/api/auth/2fa/login', { challengeToken, code: '000000' });
    expect(wrong.status).toBe(401);
    const ok = await post('/api/auth/2fa/login', { challengeToken, code: currentTotpCode(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    expect((await post('/api/auth/login/token', { token: ok.body.token })).body._id).toBe(fan.user.id);
    await t().app.ctx.db.update(users).set({ totpLastStep: 0 }).where(eq(users.id, fan.user.id));
    const reused = await post('/api/auth/2fa/login', { challengeToken, code: currentTotpCode(secret) });
    expect(reused).toMatchObject({ status: 401, body: { message: 'This sign-in has expired, please sign in again' } });
    const forged = await post('/api/auth/2fa/login', { challengeToken: 'x'.repeat(43), code: '123456' });
    expect(forged.status).toBe(401);
  });

  it('an expired challenge is refused', async () => {
    const fan = await buildUser(t().app);
    const secret = await enableTotpFor(t().app, fan.auth);
    const step1 = await post('/api/auth/login', { username: fan.user.username, password: TEST_PASSWORD });
    setClockOffset(11 * 60_000);
    const late = await post('/api/auth/2fa/login', {
      challengeToken: step1.body.challengeToken,
      code: currentTotpCode(secret),
    });
    expect(late.status).toBe(401);
  });

  it('after a password reset, logging in with the new password still asks for the code', async () => {
    const fan = await buildUser(t().app, { email: 'reset2fa@example.test' });
    await enableTotpFor(t().app, fan.auth);
    await post('/api/auth/users/forgot', { email: 'reset2fa@example.test' });
    const { token } = await lastMailTo(t().app, 'reset2fa@example.test');
    const set = await post('/api/auth/password-recovery', { token, password: 'brand-new-secret-42' });
    expect(set.status).toBe(200);
    expect(set.body.token).toBeUndefined();
    const login = await post('/api/auth/login', { username: fan.user.username, password: 'brand-new-secret-42' });
    expect(login.body).toMatchObject({ totpRequired: true });
    expect(login.body.token).toBeUndefined();
  });

  it('no module but sign-in.ts opens a session, so no future sign-in path can skip the code', async () => {
    const root = path.resolve(__dirname, '../..');
    const offenders: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const text = await fsp.readFile(file, 'utf8');
          if (/\bcreateSession\(/.test(text)) offenders.push(path.relative(root, file));
        }
      }
    };
    await walk(root);
    expect(offenders.sort()).toEqual(['modules/auth/sessions.ts', 'modules/auth/sign-in.ts']);
  });
});
