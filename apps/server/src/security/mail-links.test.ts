import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { lastMailTo } from '../../test/factories.accounts';
import { useTestApp } from '../../test/harness';
import { publicOrigin } from '../lib/public-origin';

const t = useTestApp();

describe('links in mail never follow the request Host (issue 17, item 7)', () => {
  it('a forged Host header does not reach the password-reset mail', async () => {
    await buildUser(t().app, { email: 'victim@example.test' });
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/auth/users/forgot',
      headers: { host: 'evil.example' },
      payload: { email: 'victim@example.test' },
    });
    expect(res.statusCode).toBe(200);
    const { mail, token } = await lastMailTo(t().app, 'victim@example.test');
    expect(token).toBeTruthy();
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html ?? '').not.toContain('evil.example');
    expect(mail!.text).toContain(`http://localhost:${t().app.ctx.config.PORT}/auth/reset-password?token=`);
  });

  it('publicOrigin: PUBLIC_URL wins; otherwise only local or allow-listed hosts', () => {
    const req = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol });
    const base = { PORT: 8080, ALLOWED_HOSTS: 'fans.example.com' };
    expect(publicOrigin({ ...base, PUBLIC_URL: 'https://fans.example.com/' }, req('evil.example'))).toBe(
      'https://fans.example.com',
    );
    expect(publicOrigin(base, req('evil.example'))).toBe('http://localhost:8080');
    expect(publicOrigin(base, req('fans.example.com', 'https'))).toBe('https://fans.example.com');
    expect(publicOrigin(base, req('localhost:5173'))).toBe('http://localhost:5173');
    expect(publicOrigin(base, req('fans.example.com.evil.example'))).toBe('http://localhost:8080');
    expect(publicOrigin(base, req('localhost/evil'))).toBe('http://localhost:8080');
  });
});
