import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGE_GATE_COOKIE } from '@marquee/shared/constants';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushPeer, startPushPeer } from '../../server/test/push-peer';
import { type Harness, startHarness, VIEWPORTS } from '../src/harness';
import { DEMO_PASSWORD, logIn } from '../src/journeys';

/**
 * The installable app (docs/pwa.md): Chromium's own installability checks, the offline page, the
 * update-free caching rules, and a push that travels server → job queue → Web Push (encrypted,
 * VAPID-signed) → push service → service worker → notification.
 *
 * Chromium's push service (Firebase Cloud Messaging) cannot be reached from this machine, so a
 * local RFC 8030 push service stands in for it: the page's PushManager hands out that service's
 * subscription, and what the service receives is decrypted (RFC 8291) and delivered to the
 * service worker through the DevTools protocol, as Chromium does with a message from FCM.
 */
let h: Harness;
let peer: PushPeer;

beforeAll(async () => {
  peer = await startPushPeer();
  h = await startHarness({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1' } });
});

afterAll(async () => {
  await h?.close();
  await peer?.close();
});

async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function registrationIdOf(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  const ids: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted && r.scopeURL === `${h.baseUrl}/`) ids.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.length).toBeGreaterThan(0);
  return { cdp, id: ids[0] };
}

describe('installable app', () => {
  it("passes Chromium's installability checks: manifest, icons, service worker in control", async () => {
    // Chromium never offers to install from an incognito context (what newContext() makes), so
    // this check runs in a real profile: a persistent context on a fresh user-data-dir.
    const profile = mkdtempSync(path.join(tmpdir(), 'marquee-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      baseURL: h.baseUrl,
    });
    try {
      await context.addCookies([{ name: AGE_GATE_COOKIE, value: 'true', url: h.baseUrl }]);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await controlled(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(
        `${h.baseUrl}/sw.js`,
      );
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${h.baseUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}');
      expect(parsed).toMatchObject({ name: 'Marquee', display: 'standalone', start_url: '/' });
      const sizes = parsed.icons.map((i: { sizes: string }) => i.sizes);
      expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
      for (const icon of parsed.icons as Array<{ src: string; type: string }>) {
        const res = await page.request.get(icon.src);
        expect(res.status(), icon.src).toBe(200);
        expect(res.headers()['content-type'], icon.src).toBe(icon.type);
      }
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('offline, a page shows the offline page; API answers and media are never in the cache', async () => {
    const context = await h.newContext({ ageConfirmed: true, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await logIn(page, 'alex');
    await controlled(page);
    await page.goto('/luna');
    await page.getByRole('heading', { name: /luna/i }).first().waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/offline.html');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/media'))).toEqual([]);

    await context.setOffline(true);
    await page.goto('/explore');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await h.screenshot(page, 'pwa-offline-phone');
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });
});

describe('push notifications', () => {
  it('a creator turns push on in account settings; a tip reaches the service worker and shows a notification', async () => {
    const device = peer.device('e2e-kai-phone');
    const context = await h.newContext({ ageConfirmed: true });
    await context.grantPermissions(['notifications'], { origin: h.baseUrl });
    // Stand-in for Chromium's push service: subscribe() returns the local push service's subscription.
    await context.addInitScript((sub) => {
      const make = () => ({
        endpoint: sub.endpoint,
        toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem('e2e-push');
          return true;
        },
      });
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem('e2e-push', '1');
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem('e2e-push') ? make() : null) as unknown as PushSubscription | null;
    }, device);
    const page = await context.newPage();
    await logIn(page, 'kai');
    await page.goto('/creator/account');
    await controlled(page);
    const section = page.locator('#push');
    await section.getByRole('button', { name: 'Turn on for this device' }).waitFor();
    await section.getByRole('checkbox', { name: 'Messages' }).uncheck();
    await section.getByRole('button', { name: 'Turn on for this device' }).click();
    await section.getByRole('button', { name: 'Send a test' }).waitFor();
    expect(await section.getByRole('checkbox', { name: 'Tips, sales and new subscribers' }).isChecked()).toBe(true);
    expect(await section.getByRole('checkbox', { name: 'Messages' }).isChecked()).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'pwa-push-settings-desktop', { fullPage: false });

    // alex tips kai: the server's notification goes out as a Web Push through the job queue.
    const login = await fetch(`${h.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alex', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const kai = (await (await fetch(`${h.baseUrl}/api/performers/kai`)).json()) as { _id?: string; id?: string };
    const tip = await fetch(`${h.baseUrl}/api/wallet/charges/tip/${kai._id ?? kai.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': 'e2e-push-tip',
      },
      body: JSON.stringify({ amount: 10, message: 'For the pwa' }),
    });
    expect(tip.status, await tip.clone().text()).toBe(200);
    const pushed = await peer.next('e2e-kai-phone', 30_000);
    const payload = device.decrypt(pushed.body);
    expect(JSON.parse(payload)).toMatchObject({ kind: 'tip', title: 'You received a 10.00 tip', body: 'For the pwa' });

    const { cdp, id } = await registrationIdOf(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: h.baseUrl, registrationId: id, data: payload });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              data: n.data,
            })),
          ),
        { timeout: 10_000 },
      )
      .toEqual([
        { title: 'You received a 10.00 tip', body: 'For the pwa', data: { link: expect.any(String), kind: 'tip' } },
      ]);
    await context.close();
  });
});

describe('your data', () => {
  it('a fan downloads a ZIP of its data, then deletes its account with its password and can no longer sign in', async () => {
    const context = await h.newContext({ ageConfirmed: true, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await logIn(page, 'jamie');
    await page.goto('/user/account');
    const section = page.locator('#your-data');
    await section.getByRole('button', { name: 'Download my data' }).click();
    const link = section.getByRole('link', { name: /Download ZIP/ });
    await link.waitFor({ timeout: 30_000 });
    const href = await link.getAttribute('href');
    const zip = await page.request.get(href!);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
    await section.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'pwa-your-data-phone', { fullPage: false });

    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('The password is not correct').waitFor();
    await h.screenshot(page, 'pwa-erase-dialog-phone', { fullPage: false });
    await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted', { exact: true }).waitFor();
    const again = await fetch(`${h.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'jamie', password: DEMO_PASSWORD }),
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    await context.close();
  });
});

describe('interface language', () => {
  it('follows the browser, switches in settings, and the account carries it to a new device', async () => {
    // A browser that prefers German starts in German: the header, the sign-in dialog, the navigation
    // and the wallet page (with German amounts).
    const german = await h.newContext({ ageConfirmed: true, locale: 'de-DE' });
    const first = await german.newPage();
    await first.goto('/');
    await first.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click();
    const dialog = first.getByRole('dialog', { name: 'Willkommen zurück' });
    const form = dialog.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('E-Mail oder Benutzername').fill('kai');
    await form.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Anmelden' }).click();
    await first.getByRole('button', { name: 'Kontomenü' }).waitFor();
    await first.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Startseite' }).waitFor();
    expect(await first.evaluate(() => document.documentElement.lang)).toBe('de');
    await first.goto('/wallet');
    await first.getByRole('tab', { name: 'Käufe' }).waitFor();
    await first.getByRole('heading', { name: 'Aufladen' }).waitFor();
    await first.getByTestId('wallet-balance').waitFor();
    expect((await first.getByTestId('wallet-balance').textContent())?.trim()).toMatch(/^\d+,\d{2}Token$/);
    await h.screenshot(first, 'pwa-language-de-wallet', { fullPage: false });
    await german.close();

    const context = await h.newContext({ ageConfirmed: true, locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, 'alex');
    await page.goto('/user/account');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).waitFor();
    await page.getByLabel('Interface language').selectOption('pt-BR');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Carteira' }).waitFor();
    await page.getByRole('heading', { name: 'Seus dados' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    // Every screen is translated (issue 24): the page title too; English keeps the spec's exact text.
    await page.getByRole('heading', { name: 'Configurações da conta' }).waitFor();
    await h.screenshot(page, 'pwa-language-pt-BR-desktop', { fullPage: false });
    await context.close();

    // Another device, English browser: the sign-in page is English; signing in brings the account's language.
    const other = await h.newContext({ ageConfirmed: true, locale: 'en-US', viewport: VIEWPORTS.phone });
    const phone = await other.newPage();
    await phone.goto('/auth/login');
    await phone.getByLabel('Email or username').fill('alex');
    await phone.getByLabel('Password').fill(DEMO_PASSWORD);
    await phone.getByRole('button', { name: 'Log in' }).click();
    await phone.getByRole('button', { name: 'Menu da conta' }).waitFor();
    await phone.goto('/user/account');
    await phone.getByRole('heading', { name: 'Seus dados' }).waitFor();
    await other.close();
  });
});
