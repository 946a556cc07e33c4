import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGE_GATE_COOKIE } from '@marquee/shared/constants';
import { freePort, REPO_ROOT, stopServer, waitForHealth } from './server';

export { REPO_ROOT };

import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface ContextOptions extends BrowserContextOptions {
  /** Pre-accept the age gate (cookie), for journeys that are not about it. */
  ageConfirmed?: boolean;
  /** Stored theme choice, written to localStorage before any page script runs. */
  theme?: 'light' | 'dark' | 'system';
  /** Other origins the browser may reach (local peers a test started, e.g. an OpenID provider). */
  allowOrigins?: string[];
}

export interface Harness {
  baseUrl: string;
  browser: Browser;
  /** A fresh, isolated browser context (own cookies and storage) pointed at the server. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(options?: ContextOptions): Promise<Page>;
  /** Saves a PNG to apps/e2e/artifacts/<name>.png (full page unless told) and returns its path. */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<string>;
  /** The server's output so far (for failure messages). */
  serverLog(): string;
  close(): Promise<void>;
}

/**
 * Starts the real product as one process (`node scripts/start.mjs`, which builds the web app if
 * it is stale) on a free port with a fresh data directory and the demo seed, waits for
 * /api/health, and launches Debian's Chromium headless.
 *
 * E2E_BASE_URL=http://host:port reuses a server you started yourself (quick local iteration);
 * CI and `npm run test:e2e` leave it unset. `options.env` adds server environment (ignored then).
 */
export async function startHarness(
  options: {
    /** Server environment; a function gets the server's base URL first (peers that send the browser back to it). */
    env?: Record<string, string> | ((baseUrl: string) => Record<string, string>);
    /** Extra Chromium flags for this file's browser (e.g. the fake camera of the streaming journey). */
    browserArgs?: string[];
  } = {},
): Promise<Harness> {
  let child: ChildProcess | null = null;
  let dataDir: string | null = null;
  let output = '';
  const log = () => output.split('\n').slice(-60).join('\n');
  let baseUrl = process.env.E2E_BASE_URL?.replace(/\/+$/, '');

  if (!baseUrl) {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-'));
    // The demo site seeded once per run by global-setup.ts: copying it makes each start fast.
    const template = inject('e2eTemplateDir');
    if (template) cpSync(template, dataDir, { recursive: true });
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        SEED_REVIEW: '0',
        SKIP_WEB_BUILD: '1',
        LOG_LEVEL: 'warn',
        ...(typeof options.env === 'function' ? options.env(baseUrl) : options.env),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  const stopOwnServer = async () => {
    if (child) await stopServer(child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // launch() gives every run a new, empty temporary profile (user-data-dir). A server that
  // started but whose browser did not (no Chromium) is stopped, not left running.
  const browser = await waitForHealth(`${baseUrl}/api/health`, child, log)
    .then(() => launchBrowser(options.browserArgs))
    .catch(async (err) => {
      await stopOwnServer();
      throw err;
    });
  const origin = new URL(baseUrl).origin;

  const newContext = async (options: ContextOptions = {}) => {
    const { ageConfirmed, theme, allowOrigins = [], ...contextOptions } = options;
    const allowed = new Set([origin, ...allowOrigins]);
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS.desktop, ...contextOptions });
    // Nothing leaves the machine: any request to another origin is aborted unless a test routes it.
    await context.route(
      (url) => !allowed.has(url.origin) && url.protocol.startsWith('http'),
      (route) => route.abort('blockedbyclient'),
    );
    if (ageConfirmed) {
      await context.addCookies([{ name: AGE_GATE_COOKIE, value: 'true', url: baseUrl }]);
    }
    if (theme) {
      await context.addInitScript((t) => {
        if (!sessionStorage.getItem('e2e-theme-set')) {
          localStorage.setItem('theme', t);
          sessionStorage.setItem('e2e-theme-set', '1');
        }
      }, theme);
    }
    return context;
  };

  return {
    baseUrl,
    browser,
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    screenshot: async (page, name, { fullPage = true } = {}) => {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(ARTIFACTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage, animations: 'disabled' });
      return file;
    },
    serverLog: log,
    close: async () => {
      await browser.close().catch(() => undefined);
      await stopOwnServer();
    },
  };
}

function launchBrowser(extraArgs: string[] = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
