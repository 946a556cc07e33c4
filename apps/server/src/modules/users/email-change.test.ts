import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { lastMailTo } from '../../../test/factories.accounts';
import { useTestApp } from '../../../test/harness';
import { sessions } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { createSession } from '../auth/sessions';

const t = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10000', PUBLIC_URL: 'https://fans.example.test' } });

async function put(auth: { authorization: string }, payload: object) {
  const res = await t().app.inject({ method: 'PUT', url: '/api/users', payload, headers: auth });
  return { status: res.statusCode, body: res.json() };
}
async function post(url: string, payload: object) {
  const res = await t().app.inject({ method: 'POST', url, payload });
  return { status: res.statusCode, body: res.json() };
}
const me = async (auth: { authorization: string }) =>
  (await t().app.inject({ url: '/api/users/me', headers: auth })).json();

describe('issue 23 item 9: an email change needs the password and both addresses', () => {
  it('a session alone cannot change the email: the current password is required and checked', async () => {
    const fan = await buildUser(t().app, { email: 'owner@example.test' });
    const bare = await put(fan.auth, { email: 'thief@example.test' });
    expect(bare).toMatchObject({ status: 400, body: { code: 'CURRENT_PASSWORD_REQUIRED' } });
    const wrong = await put(fan.auth, { email: 'thief@example.test', currentPassword: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'WRONG_PASSWORD' } });
    expect(await me(fan.auth)).toMatchObject({ email: 'owner@example.test', pendingEmail: null });
    expect((await lastMailTo(t().app, 'thief@example.test')).mail).toBeUndefined();
  });

  it('the change waits for the new address; its link (from PUBLIC_URL) makes it the verified email, once', async () => {
    const fan = await buildUser(t().app, { email: 'old@example.test' });
    const res = await put(fan.auth, { email: 'New@Example.test', currentPassword: TEST_PASSWORD, name: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'old@example.test', pendingEmail: 'new@example.test', name: 'Renamed' });
    // Until confirmed, the old address is the account's: reset mails go there, not to the new one.
    await post('/api/auth/users/forgot', { email: 'new@example.test' });
    expect((await lastMailTo(t().app, 'new@example.test')).mail.template).toBe('email-change-confirm');
    const { mail, token } = await lastMailTo(t().app, 'new@example.test');
    expect(mail.text).toContain('https://fans.example.test/auth/email-change/confirm?token=');
    const notice = await lastMailTo(t().app, 'old@example.test');
    expect(notice.mail.template).toBe('email-change-notice');
    expect(notice.mail.text).toContain('new@example.test');
    expect(notice.mail.text).toContain('https://fans.example.test/auth/email-change/undo?token=');
    const ok = await post('/api/users/email-change/confirm', { token: token! });
    expect(ok.status).toBe(200);
    expect(await me(fan.auth)).toMatchObject({ email: 'new@example.test', emailVerified: true, pendingEmail: null });
    const again = await post('/api/users/email-change/confirm', { token: token! });
    expect(again).toMatchObject({ status: 400, body: { code: 'LINK_USED' } });
  });

  it('the undo link to the old address restores it, drops the change and signs every session out', async () => {
    const fan = await buildUser(t().app, { email: 'victim@example.test' });
    await put(fan.auth, { email: 'attacker@example.test', currentPassword: TEST_PASSWORD });
    await post('/api/users/email-change/confirm', {
      token: (await lastMailTo(t().app, 'attacker@example.test')).token!,
    });
    const undoToken = (await lastMailTo(t().app, 'victim@example.test')).token!;
    // A second change does not cancel the first undo link.
    await put(fan.auth, { email: 'attacker2@example.test', currentPassword: TEST_PASSWORD });
    const undo = await post('/api/users/email-change/undo', { token: undoToken });
    expect(undo.status).toBe(200);
    expect((await t().app.inject({ url: '/api/users/me', headers: fan.auth })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { username: fan.user.username!, password: TEST_PASSWORD });
    const back = await me({ authorization: `Bearer ${login.body.token}` });
    expect(back).toMatchObject({ email: 'victim@example.test', emailVerified: true, pendingEmail: null });
    // The pending change to attacker2 is void.
    const pending = await post('/api/users/email-change/confirm', {
      token: (await lastMailTo(t().app, 'attacker2@example.test')).token!,
    });
    expect(pending.status).toBe(400);
    // Reset mails go to the restored address.
    await post('/api/auth/users/forgot', { email: 'victim@example.test' });
    expect((await lastMailTo(t().app, 'victim@example.test')).mail.template).toBe('password-reset');
    expect((await post('/api/users/email-change/undo', { token: undoToken })).body.code).toBe('LINK_USED');
  });

  it('an account without a password needs a recent sign-in to change its email', async () => {
    const fan = await buildUser(t().app, { email: 'social@example.test', passwordHash: null });
    const fresh = await put(fan.auth, { email: 'social2@example.test' });
    expect(fresh.body).toMatchObject({ pendingEmail: 'social2@example.test' });
    setClockOffset(16 * 60_000);
    const stale = await put(fan.auth, { email: 'social3@example.test' });
    expect(stale).toMatchObject({ status: 403, body: { code: 'RECENT_SIGN_IN_REQUIRED' } });
    const { token } = await createSession(t().app.ctx.db, fan.user.id, { remember: false });
    const again = await put({ authorization: `Bearer ${token}` }, { email: 'social3@example.test' });
    expect(again.body).toMatchObject({ pendingEmail: 'social3@example.test' });
    expect(await t().app.ctx.db.select().from(sessions).where(eq(sessions.userId, fan.user.id))).toHaveLength(2);
  });

  it('PUT /performers/{id} follows the same rule for a creator', async () => {
    const creator = await buildPerformer(t().app, { email: 'creator@example.test' });
    const url = `/api/performers/${creator.user.id}`;
    const bare = await t().app.inject({
      method: 'PUT',
      url,
      payload: { email: 'x@example.test' },
      headers: creator.auth,
    });
    expect(bare.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
    const ok = await t().app.inject({
      method: 'PUT',
      url,
      payload: { email: 'creator2@example.test', currentPassword: TEST_PASSWORD },
      headers: creator.auth,
    });
    expect(ok.json()).toMatchObject({ email: 'creator@example.test', pendingEmail: 'creator2@example.test' });
  });

  it('password reset mails only a verified address', async () => {
    await buildUser(t().app, { email: 'unverified@example.test', emailVerified: false });
    await post('/api/auth/users/forgot', { email: 'unverified@example.test' });
    const { mail } = await lastMailTo(t().app, 'unverified@example.test');
    expect(mail.template).toBe('email-verification');
    expect(mail.text).not.toContain('reset-password');
  });
});
