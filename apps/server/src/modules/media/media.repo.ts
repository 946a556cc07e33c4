import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
