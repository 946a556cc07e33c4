import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { InvalidationBus } from './lib/invalidation';
import type { Jobs } from './lib/jobs';
import type { Mailer } from './lib/mail';
import type { Realtime } from './lib/realtime';
import type { SessionCache } from './modules/auth/sessions';
import type { SettingsService } from './modules/settings/settings.service';

/**
 * What every service needs, built once in buildApp and passed explicitly
 * (services are plain functions of ctx; no globals).
 */
export interface Ctx {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  settings: SettingsService;
  mail: Mailer;
  jobs: Jobs;
  realtime: Realtime;
  /** Tells every server process to drop a cache entry (lib/invalidation.ts). */
  bus: InvalidationBus;
  /** Signed-in users by token, for a few seconds (auth/sessions.ts). */
  sessionCache: SessionCache;
  /** Now, overridable in tests for time travel. */
  now(): Date;
}
