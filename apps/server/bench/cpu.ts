import fs from 'node:fs';

/**
 * CPU spent per request, by the Node process and by the PostgreSQL server: unlike requests/s,
 * this does not move with what else the machine is doing (the bench machine is often shared).
 * The database's share is read from /proc (Linux) for the postmaster and its backends.
 */
export interface CpuReading {
  nodeMs: number;
  dbMs: number | null;
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

function ticksOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds of this process and of the children it has waited for (ffmpeg, ffprobe: Node
 * reaps them when they exit), and of the database when its postmaster is given.
 */
export function cpuWithChildrenMs(postmaster: number | null = null): number {
  let ticks = postmaster ? databaseTicks(postmaster) : 0;
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(f[13]) + Number(f[14]); // cutime + cstime
  } catch {}
  const own = process.cpuUsage();
  return ticks * TICK_MS + (own.user + own.system) / 1000;
}

/** The postmaster and every process whose parent it is (its backends). */
function databaseTicks(postmaster: number): number {
  let total = ticksOf(postmaster);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += ticksOf(Number(d));
    } catch {}
  }
  return total;
}

/** The postmaster pid of an embedded cluster directory, or null. */
export function postmasterPid(clusterDir: string | null): number | null {
  if (!clusterDir || process.platform !== 'linux') return null;
  try {
    return Number(fs.readFileSync(`${clusterDir}/postmaster.pid`, 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

/** Runs `fn` (which makes `requests` requests) and answers CPU milliseconds per request. */
export async function cpuPerRequest(
  postmaster: number | null,
  requests: () => Promise<number>,
): Promise<CpuReading & { requests: number }> {
  const n0 = process.cpuUsage();
  const d0 = postmaster ? databaseTicks(postmaster) : 0;
  const n = await requests();
  const used = process.cpuUsage(n0);
  const d1 = postmaster ? databaseTicks(postmaster) : 0;
  return {
    requests: n,
    nodeMs: (used.user + used.system) / 1000 / n,
    dbMs: postmaster ? ((d1 - d0) * TICK_MS) / n : null,
  };
}

/**
 * With BENCH_CPU_PROFILE=<words>, the scenarios whose name contains them are run under the V8
 * profiler; the profile is written to bench/results/<scenario>.cpuprofile (open it in Chrome's
 * DevTools, or `node bench/profile-top.mjs <file>` for the functions that cost most).
 */
export async function maybeProfile<T>(scenario: string, fn: () => Promise<T>): Promise<T> {
  const want = process.env.BENCH_CPU_PROFILE;
  if (!want || !scenario.includes(want)) return fn();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const dir = new URL('../../../bench/results/', import.meta.url).pathname;
    fs.mkdirSync(dir, { recursive: true });
    const file = `${dir}${scenario.replace(/[^\w]+/g, '-').slice(0, 60)}.cpuprofile`;
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile: ${file}`);
    session.disconnect();
  }
}
