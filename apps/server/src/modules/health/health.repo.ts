import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Reads the settings table: it exists once migrations ran. */
export const settingsReadable = (db: Executor) => db.execute(sql`select 1 from settings limit 1`);

/** One round trip to the database. */
export const pingDatabase = (db: Executor) => db.execute(sql`select 1`);
