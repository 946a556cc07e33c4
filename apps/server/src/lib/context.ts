import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { SettingsService } from '../modules/settings/settings.service';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { Realtime } from './realtime';

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
  /** Now, overridable in tests for time travel. */
  now(): Date;
}
