import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type MediaRow, media, type NewMediaRow, performers, users } from '../../db/schema';

export async function insertMedia(db: Executor, rows: NewMediaRow[]): Promise<MediaRow[]> {
  if (rows.length === 0) return [];
  return db.insert(media).values(rows).returning();
}

export async function findMedia(db: Executor, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

export async function findMediaMany(db: Executor, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(inArray(media.id, [...new Set(ids)]));
}

export async function updateMedia(db: Executor, id: string, patch: Partial<NewMediaRow>): Promise<MediaRow | null> {
  const [row] = await db
    .update(media)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(media.id, id))
    .returning();
  return row ?? null;
}

/** Counts an attempt and returns the row, only while it still needs processing. */
export async function claimForProcessing(db: Executor, id: string): Promise<MediaRow | null> {
  const [row] = await db
    .update(media)
    .set({ attempts: sql`${media.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(media.id, id), eq(media.status, 'processing')))
    .returning();
  return row ?? null;
}

export async function deleteMediaRow(db: Executor, id: string): Promise<MediaRow | null> {
  const [row] = await db.delete(media).where(eq(media.id, id)).returning();
  return row ?? null;
}

/**
 * The creator's watermark text when their watermark setting is on: the profile
 * URL. Read-only look-up of the profile (no performers service exists yet to ask).
 */
export async function findWatermarkProfile(
  db: Executor,
  ownerId: string,
): Promise<{ username: string | null; watermarkEnabled: boolean } | null> {
  const [row] = await db
    .select({ username: users.username, watermarkEnabled: performers.watermarkEnabled })
    .from(users)
    .leftJoin(performers, eq(performers.userId, users.id))
    .where(eq(users.id, ownerId))
    .limit(1);
  return row ? { username: row.username, watermarkEnabled: row.watermarkEnabled ?? false } : null;
}

export async function findOwnerRole(db: Executor, ownerId: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, ownerId)).limit(1);
  return row?.role ?? null;
}

/** Advisory-lock class of an owner's processing slot (the second key is the owner id's hash). */
const OWNER_SLOT_LOCK = 727_301;

/**
 * An owner's processing slot, across every worker process: a session advisory lock held on a
 * connection of its own for as long as the file processes. Returns the release, or null when
 * another worker holds this owner's slot. A worker that dies frees it with its connection.
 */
export async function holdOwnerSlot(database: Database, ownerId: string): Promise<(() => Promise<void>) | null> {
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
      OWNER_SLOT_LOCK,
      ownerId,
    ]);
    if (!rows[0]?.ok) {
      client.release();
      return null;
    }
  } catch (err) {
    client.release();
    throw err;
  }
  return async () => {
    try {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [OWNER_SLOT_LOCK, ownerId]);
      client.release();
    } catch (err) {
      client.release(err as Error); // a connection in doubt is closed, which frees its locks
    }
  };
}
