import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' } });

describe('auth rate limits', () => {
  it('limits login attempts per IP with a clear 429', async () => {
    const { app } = t();
    const login = (username: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: 'wrong-password!' },
        remoteAddress: '10.0.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await login(`someone${i}`)).statusCode).toBe(401);
    const limited = await login('someone9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another address is not affected.
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x1', password: 'wrong-password!' },
      remoteAddress: '10.0.0.2',
    });
    expect(fresh.statusCode).toBe(401);
  });

  it('limits attempts against one account from many addresses', async () => {
    const { app } = t();
    const victim = await buildUser(app, { username: 'victim' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: victim.user.username, password: 'wrong-password!' },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits forgot-password and registration too', async () => {
    const { app } = t();
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/users/forgot',
        payload: { email: 'x@example.test' },
        remoteAddress: '10.2.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);
    const reg = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/users/register',
        payload: { username: `r${i}xx`, email: 'bad' },
        remoteAddress: '10.3.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await reg(i)).statusCode).toBe(400);
    expect((await reg(9)).statusCode).toBe(429);
  });
});
