import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { InvalidationBus } from './invalidation';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  startAfter?: Date | number;
  singletonKey?: string;
  /** How long the job may stay active before pg-boss fails it (and retries it); pg-boss's default: 15 min. */
  expireInSeconds?: number;
}

/**
 * Background jobs on pg-boss, a Postgres-backed queue on its own connections.
 * Modules register handlers with `work` at boot and enqueue with `send` after commit.
 */
export interface Jobs {
  /** `concurrency`: jobs of this queue run at once in this process (one pg-boss worker each; default 1). */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    opts?: { batchSize?: number; concurrency?: number },
  ): void;
  send<T extends object>(name: string, data: T, opts?: JobOptions): Promise<string | null>;
  schedule(name: string, cron: string): void;
  /**
   * Connects the queue. `work: false` (API nodes with JOBS_IN_PROCESS=0): send only; no
   * workers, no schedules, no maintenance: a `npm run worker` process does those.
   */
  start(opts?: { work?: boolean }): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
}

/**
 * How often an idle worker asks for work. Jobs sent by this process wake its worker at once
 * (notifyWorker), delayed ones when they are due; a process without a worker for the queue (an
 * API node beside `npm run worker`) wakes the others through the invalidation bus. So the poll
 * only matters for retries and a lost wake-up; a long poll keeps an idle site idle (a poll is one query per queue).
 */
const IDLE_POLL_SECONDS = 30;
/** The bus topic that wakes other processes' workers: `queue|start time in ms` (empty: now). */
const WAKE_TOPIC = 'jobs.wake';
/** A delayed job is fetchable once the database clock passes its start time: wake a little after. */
const WAKE_MARGIN_MS = 50;
/** Node's longest timer (~24.8 days); a job due later than that is found by the poll. */
const MAX_TIMER_MS = 2 ** 31 - 1 - WAKE_MARGIN_MS;

/** Milliseconds until `startAfter` (a date, or seconds from now as pg-boss reads a number). */
function delayUntil(startAfter: Date | number) {
  return startAfter instanceof Date ? startAfter.getTime() - Date.now() : startAfter * 1000;
}

export function createJobs(
  database: Database,
  log: { error: (o: object, m: string) => void },
  opts: { idlePollSeconds?: number; bus?: Pick<InvalidationBus, 'publish' | 'on'> } = {},
): Jobs {
  const idlePollSeconds = opts.idlePollSeconds ?? IDLE_POLL_SECONDS;
  const { bus } = opts;
  const handlers = new Map<string, { handler: JobHandler<object>; batchSize: number; concurrency: number }>();
  const schedules = new Map<string, string>();
  let boss: PgBoss | null = null;
  /** This process's workers per queue: a job sent here wakes them at once instead of waiting for a poll. */
  const workerIds = new Map<string, string[]>();
  const base = { schema: 'pgboss', monitorStateIntervalSeconds: 60 };
  /** Wake-ups for delayed jobs sent here, so that they run on time rather than at the next poll. */
  const wakeups = new Set<NodeJS.Timeout>();
  const wakeAt = (workers: string[], startAfter: Date | number | undefined) => {
    const notify = () => {
      for (const worker of workers) boss?.notifyWorker(worker);
    };
    const delay = startAfter === undefined ? 0 : delayUntil(startAfter);
    if (delay <= 0) return notify();
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      wakeups.delete(timer);
      notify();
    }, delay + WAKE_MARGIN_MS);
    timer.unref();
    wakeups.add(timer);
  };

  bus?.on(WAKE_TOPIC, (key) => {
    const [name = '', at = ''] = key.split('|');
    const workers = workerIds.get(name);
    if (workers) wakeAt(workers, at ? new Date(Number(at)) : undefined);
  });

  return {
    get started() {
      return boss !== null;
    },
    work(name, handler, opts) {
      handlers.set(name, {
        handler: handler as JobHandler<object>,
        batchSize: opts?.batchSize ?? 1,
        concurrency: Math.max(1, opts?.concurrency ?? 1),
      });
    },
    schedule(name, cron) {
      schedules.set(name, cron);
    },
    async send(name, data, opts) {
      if (!boss) throw new Error(`Jobs are not started; cannot send ${name}`);
      const id = await boss.send(name, data, { retryLimit: 3, retryDelay: 5, retryBackoff: true, ...opts });
      const workers = workerIds.get(name);
      if (workers) wakeAt(workers, opts?.startAfter);
      else if (bus) {
        const at = opts?.startAfter === undefined ? '' : String(Date.now() + delayUntil(opts.startAfter));
        await bus.publish(WAKE_TOPIC, `${name}|${at}`).catch((err) => log.error({ err }, 'job wake-up not sent'));
      }
      return id;
    },
    async start(opts = {}) {
      if (boss) return;
      const work = opts.work ?? true;
      const instance = new PgBoss({
        ...base,
        connectionString: database.url,
        max: work ? 4 : 2,
        ...(work ? {} : { supervise: false, schedule: false }),
      });
      instance.on('error', (err) => log.error({ err }, 'job queue error'));
      // Several nodes starting at once would deadlock in pg-boss's DDL (its schema, one
      // partition per queue): one at a time, under an advisory lock.
      await withStartLock(database, async () => {
        await instance.start();
        for (const name of new Set([...handlers.keys(), ...schedules.keys()])) await instance.createQueue(name);
      });
      if (!work) {
        boss = instance;
        return;
      }
      for (const [name, { handler, batchSize, concurrency }] of handlers) {
        const ids: string[] = [];
        // pg-boss runs one batch at a time per worker: `concurrency` workers, each fetching with SKIP LOCKED.
        for (let i = 0; i < concurrency; i++) {
          let id = '';
          id = await instance.work(name, { batchSize, pollingIntervalSeconds: idlePollSeconds }, async (jobs) => {
            for (const job of jobs) await handler(job.data as object);
            // Work came, so more may be waiting (a burst of sends): ask again at once, not after the poll.
            instance.notifyWorker(id);
          });
          ids.push(id);
        }
        workerIds.set(name, ids);
      }
      for (const [name, cron] of schedules) await instance.schedule(name, cron, {}, { tz: 'UTC' });
      boss = instance;
    },
    async stop() {
      if (!boss) return;
      const b = boss;
      boss = null;
      workerIds.clear();
      for (const timer of wakeups) clearTimeout(timer);
      wakeups.clear();
      await b.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

async function withStartLock(database: Database, fn: () => Promise<void>) {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727275)');
    await fn();
  } finally {
    await client.query('select pg_advisory_unlock(727275)').catch(() => {});
    client.release();
  }
}
