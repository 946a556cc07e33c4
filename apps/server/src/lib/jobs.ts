import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  startAfter?: Date | number;
  singletonKey?: string;
}

/**
 * Background jobs on pg-boss, a Postgres-backed queue, on PGlite and PostgreSQL alike.
 * Modules register handlers with `work` at boot and enqueue with `send` after commit.
 */
export interface Jobs {
  work<T extends object>(name: string, handler: JobHandler<T>, opts?: { batchSize?: number }): void;
  send<T extends object>(name: string, data: T, opts?: JobOptions): Promise<string | null>;
  schedule(name: string, cron: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
}

/** pg-boss talks to PGlite through this adapter: scripts without parameters go through exec. */
function pgliteAdapter(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return pglite.query(text, values as never[]);
    },
  };
}

export function createJobs(database: Database, log: { error: (o: object, m: string) => void }): Jobs {
  const handlers = new Map<string, { handler: JobHandler<object>; batchSize: number }>();
  const schedules = new Map<string, string>();
  let boss: PgBoss | null = null;
  const base = { pollingIntervalSeconds: 0.5, schema: 'pgboss', monitorStateIntervalSeconds: 60 };

  return {
    get started() {
      return boss !== null;
    },
    work(name, handler, opts) {
      handlers.set(name, { handler: handler as JobHandler<object>, batchSize: opts?.batchSize ?? 1 });
    },
    schedule(name, cron) {
      schedules.set(name, cron);
    },
    async send(name, data, opts) {
      if (!boss) throw new Error(`Jobs are not started; cannot send ${name}`);
      return boss.send(name, data, { retryLimit: 3, retryDelay: 5, retryBackoff: true, ...opts });
    },
    async start() {
      if (boss) return;
      const instance =
        database.kind === 'pglite'
          ? new PgBoss({ ...base, db: pgliteAdapter(database.pglite!) })
          : new PgBoss({ ...base, ...poolConfig(database) });
      instance.on('error', (err) => log.error({ err }, 'job queue error'));
      await instance.start();
      for (const name of new Set([...handlers.keys(), ...schedules.keys()])) await instance.createQueue(name);
      for (const [name, { handler, batchSize }] of handlers) {
        await instance.work(name, { batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) await handler(job.data as object);
        });
      }
      for (const [name, cron] of schedules) await instance.schedule(name, cron, {}, { tz: 'UTC' });
      boss = instance;
    },
    async stop() {
      if (!boss) return;
      const b = boss;
      boss = null;
      await b.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

function poolConfig(database: Database) {
  const opts = database.pool!.options as { connectionString?: string };
  return { connectionString: opts.connectionString, max: 4 };
}
