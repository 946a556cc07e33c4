import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcPeer, startOidcPeer } from '../../server/test/oidc-peer';
import { type Harness, startHarness } from '../src/harness';

/**
 * Google sign-in in the browser, end to end: the server is configured with a real OpenID
 * provider on loopback (node oidc-provider, the local peer standing in for Google).
 */
const CLIENT = { clientId: 'marquee-e2e-client', clientSecret: 'marquee-e2e-client-secret-0123456789' };
let peer: OidcPeer;
let h: Harness;

beforeAll(async () => {
  peer = await startOidcPeer(CLIENT);
  h = await startHarness({
    env: { GOOGLE_ISSUER: peer.issuer, GOOGLE_CLIENT_ID: CLIENT.clientId, GOOGLE_CLIENT_SECRET: CLIENT.clientSecret },
  });
  peer.configure([`${h.baseUrl}/auth/google/callback`]);
});
afterAll(async () => {
  await h?.close();
  await peer?.close();
});

describe.skipIf(Boolean(process.env.E2E_BASE_URL))('social sign-in', () => {
  it('a visitor continues with Google from the login modal and comes back signed in to the page they were on', async () => {
    const page = await h.newPage({ ageConfirmed: true, allowOrigins: [peer.issuer] });
    await page.goto('/luna');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    const google = login.getByRole('button', { name: 'Continue with Google' });
    await google.waitFor();
    await h.screenshot(page, 'login-social-buttons', { fullPage: false });
    await google.click();

    // The provider's own sign-in form (any login becomes the account id).
    await page.waitForURL((u) => u.origin === peer.issuer);
    await page.locator('input[name="login"]').fill('robin');
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();

    await page.waitForURL((u) => u.pathname === '/luna');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const me = await page.evaluate(async () => {
      const t = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1];
      const r = await fetch('/api/users/me', { headers: { authorization: `Bearer ${decodeURIComponent(t ?? '')}` } });
      return r.json();
    });
    expect(me).toMatchObject({ email: 'robin@example.test', emailVerified: true, isPerformer: false });
    await page.context().close();
  });
});
