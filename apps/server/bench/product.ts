/**
 * The product as a newcomer runs it, for benchmarks that need the whole of it (web app
 * included): `scripts/start.mjs` on a fresh data directory (embedded PostgreSQL, demo data),
 * on a free port. The web build is not made here (SKIP_WEB_BUILD): build it first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Product {
  /** http://127.0.0.1:<port> */
  base: string;
  server: ChildProcess;
  dataDir: string;
  /** Stops the server (SIGTERM, it drains and stops its PostgreSQL) and removes the data directory. */
  stop(): Promise<void>;
}

export interface ProductOptions {
  /** Wait until the demo media are processed before answering (SEED_WAIT_FOR_MEDIA). */
  waitForMedia?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
}

export async function startProduct(name: string, options: ProductOptions = {}): Promise<Product> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `marquee-bench-${name}-`));
  const port = await freePort();
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      ...(options.waitForMedia ? { SEED_WAIT_FOR_MEDIA: '1' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitForOutput(server, 'Marquee is ready', options.timeoutMs ?? 600_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base: `http://127.0.0.1:${port}`, server, dataDir: path.join(work, 'data'), stop };
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

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${out}`));
    };
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes(text)) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve();
      }
    });
    child.once('exit', onExit);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
