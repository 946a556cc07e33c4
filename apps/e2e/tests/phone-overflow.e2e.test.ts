import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, REPO_ROOT, startHarness, VIEWPORTS } from '../src/harness';
import { DEMO_PASSWORD } from '../src/journeys';

/**
 * Every page fits a phone (issue 31 item 2): each screen of the web app's route list
 * (apps/web/src/routes/routes.ts) and each admin section, opened at 390×844 in German (the longer
 * words) by the role that may see it, fails when the document is wider than the window
 * (`scrollWidth > innerWidth`). One browser, one page per role, one sign-in per role (through the API): under a minute.
 * A new route is checked without touching this file; one with a parameter needs a sample below.
 */

const WEB = path.join(REPO_ROOT, 'apps/web/src');
type Role = 'visitor' | 'fan' | 'creator' | 'admin';
const LOGIN: Record<Exclude<Role, 'visitor'>, string> = { fan: 'alex', creator: 'luna', admin: 'admin' };

interface Route {
  path: string;
  auth: boolean;
  performerOnly: boolean;
}

/** The app's routes, read from its route list (each entry from its `path:` to the next). */
function appRoutes(): Route[] {
  const source = readFileSync(path.join(WEB, 'routes/routes.ts'), 'utf8');
  const entries = source
    .slice(source.indexOf('export const ROUTES'))
    .split(/(?=\bpath: ')/)
    .slice(1);
  return entries.map((entry) => ({
    path: entry.match(/^path: '([^']+)'/)![1]!,
    auth: /auth: true/.test(entry),
    performerOnly: /performerOnly: true/.test(entry),
  }));
}

function adminSections(): string[] {
  const source = readFileSync(path.join(WEB, 'features/admin/components/admin-console.tsx'), 'utf8');
  return Array.from(source.matchAll(/\bid: '([a-z-]+)'/g), (m) => m[1]!);
}

/**
 * Pages not visited, with why: sign-in callbacks redirect at once, the catch-all and admin sections are
 * covered otherwise, a conversation is the messages page itself, a sandbox checkout (and the old subscription
 * checkout link that leads to it) needs a payment (the payments journey photographs it), a release invite
 * needs a creator's signed link (releases.e2e.test.ts opens one at phone width), an appeal link is signed for one
 * statement's recipient (appeal-link-page.test.tsx renders it).
 */
const SKIP = new Set([
  '/auth/twitter/callback',
  '/auth/google/callback',
  '*',
  '/admin/:section',
  '/messages/:conversationId',
  '/payment/sandbox/checkout/:id',
  '/subscriptions/checkout/:id',
  '/release/:token',
  '/appeal/:token',
]);

/** Parameters filled from the demo site (null: no such demo row, the route is skipped with a reason). */
async function samples(h: Harness): Promise<Record<string, string | null>> {
  const get = async (url: string) => (await fetch(`${h.baseUrl}/api${url}`)).json();
  const first = async (url: string) => ((await get(url)).data?.[0]?._id as string | undefined) ?? null;
  const luna = await get('/performers/luna');
  const performerId = luna._id as string;
  return {
    ':profileId': 'luna',
    ':slug': 'terms',
    '/post/:id': await first('/user/feeds/search/luna?pageSize=1'),
    '/gallery/:id': await first(`/performer-assets/galleries/search?performerId=${performerId}&pageSize=1`),
    '/video/:id': await first(`/performer-assets/videos/search?performerId=${performerId}&pageSize=1`),
    '/scene/:id': await first('/user/scene/search?pageSize=1'),
    '/scenario/:id': await first('/user/scenario/search?pageSize=1'),
    '/creator/feeds/:id/edit': await first('/user/feeds/search/luna?pageSize=1'),
    '/creator/galleries/:id': await first(`/performer-assets/galleries/search?performerId=${performerId}&pageSize=1`),
    '/product/:id': await first(`/performer-assets/products/search?performerId=${performerId}&pageSize=1`),
  };
}

function fill(route: string, values: Record<string, string | null>): string | null {
  if (!route.includes(':')) return route;
  if (route in values) return values[route] ? route.replace(/:[a-zA-Z]+/, values[route]!) : null;
  const param = route.match(/:[a-zA-Z]+/)?.[0];
  return param && values[param] ? route.replace(param, values[param]!) : null;
}

let h: Harness;
const sessions = new Map<Role, Awaited<ReturnType<BrowserContext['storageState']>>>();

beforeAll(async () => {
  h = await startHarness();
  // Signed in through the API (the sign-in form has its own journeys): the session cookie the web app sets.
  for (const role of ['fan', 'creator', 'admin'] as const) {
    const context = await h.newContext({ ageConfirmed: true });
    const res = await context.request.post('/api/auth/login', {
      data: { username: LOGIN[role], password: DEMO_PASSWORD },
    });
    const { token } = (await res.json()) as { token: string };
    await context.addCookies([{ name: 'token', value: token, url: h.baseUrl }]);
    sessions.set(role, await context.storageState());
    await context.close();
  }
});

afterAll(async () => {
  await h?.close();
});

async function settle(page: Page) {
  await page
    .locator('#main h1, main h1')
    .first()
    .waitFor({ timeout: 8_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
}

/** Which pages each role opens: the route list, by who may see a page, plus every admin section. */
function plan(values: Record<string, string | null>) {
  const visits: Array<{ role: Role; path: string }> = [];
  const unfilled: string[] = [];
  for (const r of appRoutes()) {
    if (SKIP.has(r.path)) continue;
    const url = fill(r.path, values);
    if (!url) {
      // Live shows and private shows exist only while a creator streams.
      if (!r.path.startsWith('/private/') && !r.path.startsWith('/live/')) unfilled.push(r.path);
      continue;
    }
    const role: Role = r.path.startsWith('/admin')
      ? 'admin'
      : r.performerOnly || (r.auth && r.path.startsWith('/creator'))
        ? 'creator'
        : r.auth
          ? 'fan'
          : 'visitor';
    visits.push({ role, path: url });
    // The fan's everyday pages are seen by creators too (their own wallet, messages, notifications).
    if (role === 'fan' && /^\/(notifications|messages|wallet|referrals)$/.test(url))
      visits.push({ role: 'creator', path: url });
  }
  for (const id of adminSections()) visits.push({ role: 'admin', path: `/admin/${id}` });
  return { visits, unfilled };
}

let planned: ReturnType<typeof plan>;

describe('every page at phone width (German, 390 px)', () => {
  it('every route is planned: a route with a parameter has a sample', async () => {
    expect(appRoutes().length, 'routes read from routes.ts').toBeGreaterThan(40);
    planned = plan(await samples(h));
    expect(planned.unfilled).toEqual([]);
  });

  // About 15 s a role on a quiet machine; the limit leaves room for a busy one.
  it.each(['visitor', 'fan', 'creator', 'admin'] as const)('fits as %s', { timeout: 120_000 }, async (role) => {
    planned ??= plan(await samples(h));
    const context = await h.newContext({
      ageConfirmed: true,
      viewport: VIEWPORTS.phone,
      locale: 'de-DE',
      storageState: sessions.get(role),
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'de'));
    const page = await context.newPage();
    const wide: string[] = [];
    for (const { path: url } of planned.visits.filter((p) => p.role === role)) {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await settle(page);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (over > 0) {
        wide.push(`${url}: ${over}px wider than the phone`);
        await h.screenshot(page, `overflow-${role}-${url.replace(/\W+/g, '-')}`, { fullPage: false });
      }
    }
    await context.close();
    expect(wide).toEqual([]);
  });
});
