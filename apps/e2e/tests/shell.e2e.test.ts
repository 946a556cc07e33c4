import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, VIEWPORTS } from '../src/harness';

const GATE_TITLE = 'This site contains adult content';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

/** Waits until the app has rendered its shell (header or blank layout). */
async function appReady(page: import('playwright-core').Page) {
  await page.locator('#main').waitFor({ state: 'visible' });
}

describe('age gate', () => {
  it('shows on /, Enter hides it and sets the 1-day cookie, and a reload does not show it again', async () => {
    const page = await h.newPage();
    await page.goto('/');
    const gate = page.getByRole('dialog', { name: GATE_TITLE });
    await gate.waitFor({ state: 'visible' });
    expect(await gate.getByRole('button', { name: 'Enter', exact: true }).isVisible()).toBe(true);
    expect(await gate.getByRole('button', { name: 'Leave', exact: true }).isVisible()).toBe(true);
    expect(await gate.textContent()).toContain('18');

    await gate.getByRole('button', { name: 'Enter', exact: true }).click();
    await gate.waitFor({ state: 'hidden' });

    const cookie = (await page.context().cookies()).find((c) => c.name === 'age_confirmed');
    expect(cookie).toBeDefined();
    const hoursLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24.1);

    await page.reload();
    await appReady(page);
    await page.getByRole('heading', { name: 'Top creators' }).waitFor();
    expect(await page.getByRole('dialog', { name: GATE_TITLE }).count()).toBe(0);
    await page.context().close();
  });

  it('Leave sends the visitor to the search engine', async () => {
    const page = await h.newPage();
    const leftFor: string[] = [];
    // Answer the search engine locally so nothing leaves the machine.
    await page.route('https://www.google.com/**', (route) => {
      leftFor.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Search</title>' });
    });
    await page.goto('/');
    const gate = page.getByRole('dialog', { name: GATE_TITLE });
    await gate.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.waitForURL('https://www.google.com/**');
    expect(new URL(page.url()).hostname).toBe('www.google.com');
    expect(leftFor[0]).toMatch(/^https:\/\/www\.google\.com\/?$/);
    const cookies = await page.context().cookies(h.baseUrl);
    expect(cookies.find((c) => c.name === 'age_confirmed')).toBeUndefined();
    await page.context().close();
  });

  it('never shows on /page/terms-of-service', async () => {
    const page = await h.newPage();
    await page.goto('/page/terms-of-service');
    await appReady(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog', { name: GATE_TITLE }).count()).toBe(0);

    // Navigating away inside the app brings it up.
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.getByRole('dialog', { name: GATE_TITLE }).waitFor({ state: 'visible' });
    await page.context().close();
  });
});

describe('theme', () => {
  it('dark persists across a reload (class on <html>, localStorage theme)', async () => {
    const page = await h.newPage({ ageConfirmed: true, colorScheme: 'light' });
    await page.goto('/');
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await page.reload({ waitUntil: 'domcontentloaded' });
    // Applied by the inline script before the app boots, so there is no light flash.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.context().close();
  });

  it('system follows the OS preference', async () => {
    const page = await h.newPage({ ageConfirmed: true, colorScheme: 'dark' });
    await page.goto('/');
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await page.context().close();
  });
});

describe('routing', () => {
  it('a deep link to /some-creator loads the app and shows the creator not-found state', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    const response = await page.goto('/some-creator');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { name: 'Creator not found' }).waitFor();
    expect(await page.title()).toContain('Creator not found');
    await page.context().close();
  });

  it('a deeper unknown path shows the 404 page', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });

  it('the login and register buttons open modals', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    await page.goto('/');
    await appReady(page);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    await login.waitFor();
    await login.getByLabel('Email or username').waitFor();
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'hidden' });

    await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
    const register = page.getByRole('dialog', { name: /^Join / });
    await register.getByRole('tab', { name: 'Creator' }).click();
    await register.getByRole('form', { name: 'Creator sign up' }).waitFor();
    await page.context().close();
  });

  it('a wrong password shows the server message or the catalogue fallback', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    await page.goto('/auth/login');
    await page.getByLabel('Email or username').fill('nobody-here');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('form', { name: 'Log in' }).getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim().length).toBeGreaterThan(0);
    expect(page.url()).toBe(`${h.baseUrl}/auth/login`);
    await page.context().close();
  });
});

describe('sign in and out (demo accounts)', () => {
  const DEMO_PASSWORD = 'marquee-demo-2026';

  it('a fan logs in from the header modal, stays on the page, and logs out back to /', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    await page.goto('/no/such/page');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByLabel('Email or username').fill('alex');
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/no/such/page');

    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(token?.value).toBeTruthy();
    // "Remember me" is on by default: the cookie lives about a year.
    expect(((token?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await page.context().close();
  });

  it('a creator with a complete profile lands on their own profile after login', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    await page.goto('/auth/login');
    await page.getByLabel('Email or username').fill('luna');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByLabel('Remember me').uncheck();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/luna');
    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    const days = ((token?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.9);
    expect(days).toBeLessThanOrEqual(1.01);
    await page.context().close();
  });

  it('a signed-in page that answers 401 sends the browser to /auth/login', async () => {
    const context = await h.newContext({ ageConfirmed: true });
    await context.addCookies([{ name: 'token', value: 'not-a-real-token', url: h.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/user/account');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByRole('heading', { name: /^Log in to / }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await context.close();
  });
});

describe('screenshots', () => {
  const pages = [
    { name: 'home', path: '/', ready: 'Top creators' },
    { name: 'login', path: '/auth/login', ready: /^Log in to / },
    { name: 'creator-not-found', path: '/some-creator', ready: 'Creator not found' },
    { name: 'terms', path: '/page/terms-of-service', ready: undefined },
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`${size} ${theme}`, async () => {
        const context = await h.newContext({ ageConfirmed: true, theme, viewport });
        const page = await context.newPage();
        for (const p of pages) {
          await page.goto(p.path);
          await appReady(page);
          if (p.ready) await page.getByRole('heading', { name: p.ready }).first().waitFor();
          else await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await h.screenshot(page, `${p.name}-${size}-${theme}`);
        }
        // The age gate itself, in a context that has not confirmed yet.
        const fresh = await h.newPage({ theme, viewport });
        await fresh.goto('/');
        await fresh.getByRole('dialog', { name: GATE_TITLE }).waitFor();
        await fresh.waitForTimeout(300);
        await h.screenshot(fresh, `age-gate-${size}-${theme}`, { fullPage: false });
        await fresh.context().close();

        // Overlays: the register modal, and the sidebar drawer on phones.
        await page.goto('/');
        await appReady(page);
        await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
        await page
          .getByRole('dialog', { name: /^Join / })
          .getByLabel('Display name')
          .waitFor();
        await page.waitForTimeout(300);
        await h.screenshot(page, `register-modal-${size}-${theme}`, { fullPage: false });
        await page.keyboard.press('Escape');
        if (size === 'phone') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('dialog', { name: 'Menu' }).waitFor();
          await page.waitForTimeout(300);
          await h.screenshot(page, `menu-${size}-${theme}`, { fullPage: false });
        }
        await context.close();

        // Signed in as a creator (token from the API, not the UI): home with sidebar, and the profile.
        const signedIn = await h.newContext({ ageConfirmed: true, theme, viewport });
        await signedIn.addCookies([{ name: 'token', value: await loginToken('luna'), url: h.baseUrl }]);
        const me = await signedIn.newPage();
        for (const p of [
          { name: 'home-signed-in', path: '/' },
          { name: 'profile', path: '/luna' },
        ]) {
          await me.goto(p.path);
          await me.getByRole('button', { name: 'Account menu' }).waitFor();
          await me.getByRole('heading', { level: 1 }).first().waitFor();
          await me.waitForLoadState('networkidle');
          await h.screenshot(me, `${p.name}-${size}-${theme}`);
        }
        await signedIn.close();
      });
    }
  }
});

async function loginToken(username: string): Promise<string> {
  const res = await fetch(`${h.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'marquee-demo-2026', remember: false }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
