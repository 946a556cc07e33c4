/**
 * The product as a newcomer starts it, for the benchmarks that measure the whole thing:
 * `npm start` (scripts/start.mjs) on a fresh data directory (embedded PostgreSQL, demo data),
 * and what the operating system says about its processes (Linux /proc; zeros elsewhere).
 * With `freshWebBuild` it is a fresh clone's first start: apps/web/dist is removed first, and
 * start.mjs builds it alongside the server's start (the figure counts the build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Product {
  base: string;
  /** The `npm start` process: its tree holds the Node server and the embedded PostgreSQL. */
  pid: number;
  /** Seconds from spawning `npm start`'s process until the site answered. */
  startSeconds: number;
  /** The web build's own seconds (it runs alongside the server's start), when there was one. */
  webBuildSeconds: number | null;
  /** The Node processes of the tree (the embedded PostgreSQL left out). */
  nodePids(): number[];
  /** The embedded PostgreSQL: its postmaster and every backend. */
  postgresPids(): number[];
  stop(): Promise<void>;
}

export interface ProductOptions {
  /** Wait until the demo media are processed before answering (SEED_WAIT_FOR_MEDIA). */
  waitForMedia?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * A fresh clone's first start: remove apps/web/dist (and an interrupted build's .dist-next), so
   * that start.mjs builds the web app alongside the server's start. Otherwise the build is skipped
   * (SKIP_WEB_BUILD=1) and the existing apps/web/dist is served.
   */
  freshWebBuild?: boolean;
}

/** Starts the product on a fresh data directory and waits until it says it is ready. */
export async function startProduct(name: string, options: ProductOptions = {}): Promise<Product> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `marquee-bench-${name}-`));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  if (options.freshWebBuild) {
    for (const dir of ['apps/web/dist', 'apps/web/.dist-next'])
      fs.rmSync(path.join(repo, dir), { recursive: true, force: true });
  }
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: options.freshWebBuild ? '0' : '1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      ...(options.waitForMedia ? { SEED_WAIT_FOR_MEDIA: '1' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(work, { recursive: true, force: true });
  };
  let output = '';
  try {
    output = await waitForOutput(child, 'Marquee is ready', options.timeoutMs ?? 300_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const postgresPids = () => {
    const pidFile = path.join(dataDir, 'postgres/postmaster.pid');
    if (!fs.existsSync(pidFile)) return [];
    return processTree(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]));
  };
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    startSeconds: (performance.now() - started) / 1000,
    webBuildSeconds: Number(/web app built in ([\d.]+) s/.exec(output)?.[1] ?? Number.NaN) || null,
    postgresPids,
    nodePids: () => {
      const pg = new Set(postgresPids());
      return processTree(child.pid!).filter((pid) => !pg.has(pid));
    },
    stop,
  };
}

/** Signs a demo account in: its session token (POST /api/auth/login). */
export async function login(base: string, username: string, password = 'marquee-demo-2026'): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** CPU used by processes: utime + stime + their reaped children's, in clock ticks (1/100 s). */
export function cpuTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {}
  }
  return ticks;
}

/**
 * Memory of processes in MB: `rss` sums each one's resident set (shared pages counted once per
 * process: PostgreSQL's shared buffers appear in every backend that touched them), `pss` shares
 * each page among the processes that map it, so the sum is what the group really holds.
 */
export function memoryMb(pids: number[]): { rss: number; pss: number } {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {}
  }
  return { rss: rss / 1024, pss: pss / 1024 };
}

/**
 * Waits until the product is idle: the demo videos are processed in the background after start
 * (5 s under 5% of a core, at most 5 minutes).
 */
export async function settle(product: Product) {
  const ticks = () => cpuTicks([...product.nodePids(), ...product.postgresPids()]);
  for (let waited = 0; waited < 300; waited += 5) {
    const t = ticks();
    await new Promise((r) => setTimeout(r, 5_000));
    if (ticks() - t < 25) return;
  }
}

/** A process and its descendants (Linux /proc; elsewhere the process alone). */
export function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(parents.get(out[i]!) ?? []));
  return out;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves with the output so far once it holds `text`. */
function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes(text)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before "${text}":\n${out}`)));
  });
}
