import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Database, Executor } from '../db/client';

/** What an in-process cache can be told to drop: `topic` names the cache, `key` the entry ('*': all). */
export interface Invalidation {
  topic: string;
  key: string;
}
type Handler = (key: string) => void;

/**
 * One small bus that tells every server process to drop a cache entry (sessions, settings).
 * A publish runs this process's handlers at once and reaches the other processes through
 * PostgreSQL NOTIFY (sent with the caller's transaction, so it is delivered when that commits,
 * and this process hears it again then) or, with REDIS_URL, Redis pub/sub (sent at once).
 * Caches that use it must not refill an entry from a read that may predate the commit
 * (the session cache holds the user back for its TTL after an invalidation).
 */
export interface InvalidationBus {
  publish(topic: string, key: string, via?: Executor): Promise<void>;
  on(topic: string, handler: Handler): void;
  close(): Promise<void>;
}

const CHANNEL = 'marquee_invalidate';

export async function createInvalidationBus(
  database: Pick<Database, 'url' | 'db'>,
  log: FastifyBaseLogger,
  redis?: { url: string; prefix: string },
): Promise<InvalidationBus> {
  const handlers = new Map<string, Handler[]>();
  const deliver = (m: Invalidation) => {
    for (const h of handlers.get(m.topic) ?? []) h(m.key);
  };
  const parse = (payload: string | undefined) => {
    try {
      const m = JSON.parse(payload ?? '') as Invalidation;
      if (typeof m.topic === 'string' && typeof m.key === 'string') deliver(m);
    } catch (err) {
      log.warn({ err }, 'invalidation bus: unreadable message');
    }
  };

  let send: (payload: string, via?: Executor) => Promise<void>;
  let stop: () => Promise<void>;
  if (redis) {
    const channel = `${redis.prefix}:invalidate`;
    const pub = new Redis(redis.url);
    const sub = new Redis(redis.url);
    await sub.subscribe(channel);
    sub.on('message', (_c: string, payload: string) => parse(payload));
    send = async (payload) => {
      await pub.publish(channel, payload);
    };
    stop = async () => {
      pub.disconnect();
      sub.disconnect();
    };
  } else {
    // Its own connection (not one of the pool's): LISTEN holds it for the life of the process.
    let closing = false;
    let client: pg.Client | null = null;
    const listen = async () => {
      const c = new pg.Client({ connectionString: database.url });
      c.on('notification', (n) => {
        if (n.channel === CHANNEL) parse(n.payload);
      });
      c.on('error', (err) => {
        if (closing) return;
        log.warn({ err }, 'invalidation bus: connection lost, listening again');
        client = null;
        setTimeout(() => void listen().catch(() => undefined), 1000).unref();
      });
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
    };
    await listen();
    send = async (payload, via) => {
      await (via ?? database.db).execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    };
    stop = async () => {
      closing = true;
      await client?.end().catch(() => undefined);
    };
  }

  return {
    async publish(topic, key, via) {
      deliver({ topic, key });
      await send(JSON.stringify({ topic, key }), via);
    },
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    close: () => stop(),
  };
}
