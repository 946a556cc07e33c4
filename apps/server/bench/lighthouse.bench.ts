/**
 * Lighthouse mobile (default form factor: a mid-range phone on slow 4G, simulated throttling)
 * on the built web app served by the product with its demo data: the home page signed out, a
 * creator's profile, and the messages signed in as a fan. Categories performance,
 * accessibility and best practices; one row per page and category.
 *
 * Ceiling: the same Lighthouse run on a minimal static page (plain HTML text, no script, the
 * size of the app's index.html) served by a bare Node http server: what this Chromium, the
 * throttling and this machine give at best. Its performance score is the ceiling column.
 *
 * Runs Debian's Chromium (/usr/bin/chromium, CHROME_PATH for another), never downloads a browser.
 * Needs apps/web/dist (`npm run build`); skips with a note when it is missing.
 * Quick (BENCH_QUICK=1): one run per page; full: 3 runs, median (BENCH_LIGHTHOUSE_RUNS).
 * The full reports are written to $TMPDIR/marquee-lighthouse/ for reading.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { login, type Product, repo, startProduct } from './product';
import { benchNumber, record } from './results';

const RUNS = benchNumber('BENCH_LIGHTHOUSE_RUNS', 3, 1);
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const GOALS: Record<Category, string> = {
  performance: '≥ 95',
  accessibility: '100',
  'best-practices': '≥ 95',
};
const reportDir = path.join(os.tmpdir(), 'marquee-lighthouse');

interface Page {
  key: string;
  label: string;
  path: string;
  /** Sign in as this demo account (token cookie) before loading the page. */
  as?: string;
}
const PAGES: Page[] = [
  { key: 'home', label: '/ (home, signed out)', path: '/' },
  { key: 'profile', label: '/luna (creator profile, signed out)', path: '/luna' },
  { key: 'messages', label: '/messages (signed in as alex)', path: '/messages', as: 'alex' },
];

interface Run {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  bytes: number;
  findings: Map<string, string>;
}

async function main() {
  const dist = path.join(repo, 'apps/web/dist/index.html');
  if (!fs.existsSync(dist)) {
    console.log('lighthouse: apps/web/dist is missing (npm run build at the repo root): skipped');
    return;
  }
  if (!fs.existsSync(CHROME)) {
    console.log(`lighthouse: no Chromium at ${CHROME} (apt install chromium, or CHROME_PATH): skipped`);
    return;
  }
  fs.mkdirSync(reportDir, { recursive: true });
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const product = await startProduct('lighthouse', { waitForMedia: true });
  const bare = await staticPage(fs.statSync(dist).size);
  try {
    const ceiling = await runs(product, bare.url, 'static');
    console.log(`static page (${fs.statSync(dist).size} bytes, bare http server): ${metrics(medianMetrics(ceiling))}`);
    for (const page of PAGES) {
      const token = page.as ? await login(product.base, page.as) : undefined;
      const ours = await runs(product, `${product.base}${page.path}`, page.key, token);
      report(page, ours, ceiling);
    }
  } finally {
    bare.server.close();
    await product.stop();
  }
  console.log(`full reports: ${reportDir}/`);
}

/** RUNS Lighthouse runs of one address, each in a fresh Chromium (its own profile: a cold cache). */
async function runs(product: Product, url: string, key: string, token?: string): Promise<Run[]> {
  const out: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox'] });
    let browser: Browser | undefined;
    try {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
      const page = await browser.newPage();
      // The age notice is confirmed (it covers every page on a first visit: the page behind it is
      // what is measured); the session token is the cookie the web app reads (lib/cookies.ts).
      const cookies = [{ name: 'age_confirmed', value: 'true', url: product.base }];
      if (token) cookies.push({ name: 'token', value: token, url: product.base });
      await page.setCookie(...cookies);
      const result = await lighthouse(
        url,
        { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
        undefined,
        page,
      );
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      const lhr = result.lhr;
      fs.writeFileSync(path.join(reportDir, `${key}-${i + 1}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError)
        console.log(`  ${key}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      const findings = new Map<string, string>();
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative') continue;
          if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
          findings.set(`${c}/${a.id}`, `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        }
      }
      const run: Run = {
        scores,
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
        bytes: audit('total-byte-weight'),
        findings,
      };
      console.log(
        `  ${key} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; ${metrics(run)}`,
      );
      out.push(run);
    } finally {
      await browser?.disconnect();
      chrome.kill();
    }
  }
  return out;
}

function report(page: Page, ours: Run[], ceiling: Run[]) {
  const m = (runs: Run[], f: (r: Run) => number) => median(runs.map(f));
  console.log(`${page.label}: ${metrics(medianMetrics(ours))}${RUNS > 1 ? ` (median of ${RUNS})` : ''}`);
  const findings = new Map<string, string>();
  for (const r of ours) for (const [k, v] of r.findings) findings.set(k, v);
  for (const [k, v] of [...findings].sort()) console.log(`  finding ${k}: ${v}`);
  for (const c of CATEGORIES) {
    const value = m(ours, (r) => r.scores[c]);
    record({
      scenario: `web: Lighthouse mobile ${c} — ${page.label}`,
      value,
      unit: 'score',
      ceiling: c === 'performance' ? m(ceiling, (r) => r.scores[c]) : null,
      p99_ms: null,
      goal: GOALS[c],
    });
  }
}

function medianMetrics(runs: Run[]) {
  return {
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    fcp: median(runs.map((r) => r.fcp)),
    bytes: median(runs.map((r) => r.bytes)),
  };
}

function metrics(r: ReturnType<typeof medianMetrics>): string {
  return `LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, FCP ${(r.fcp / 1000).toFixed(2)} s, ${Math.round(r.bytes / 1024)} KB transferred`;
}

/** A bare Node http server with one static HTML page of about `bytes` bytes (text, no script) and its icon. */
async function staticPage(bytes: number): Promise<{ server: http.Server; url: string }> {
  const head =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="A minimal static page, for comparison.">' +
    '<title>Static page</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem}</style>' +
    '</head><body><main><h1>Static page</h1>';
  const tail = '</main></body></html>';
  const paragraph =
    '<p>Creators post photos, videos and stories for the fans who subscribe to them, talk with them in messages and go live. </p>';
  const body = paragraph.repeat(Math.max(1, Math.ceil((bytes - head.length - tail.length) / paragraph.length)));
  const html = Buffer.from(head + body + tail);
  const server = http.createServer((req, res) => {
    if (req.url === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/` };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
