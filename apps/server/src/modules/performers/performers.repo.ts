import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { identityDocuments, type PerformerRow, performers } from '../../db/schema';

export async function findPerformer(db: Executor, userId: string): Promise<PerformerRow | null> {
  const [row] = await db.select().from(performers).where(eq(performers.userId, userId)).limit(1);
  return row ?? null;
}

export async function updatePerformerRow(
  db: Executor,
  userId: string,
  changes: Partial<typeof performers.$inferInsert>,
) {
  const [row] = await db
    .update(performers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(performers.userId, userId))
    .returning();
  return row;
}

export async function listDocuments(db: Executor, userId: string) {
  return db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.userId, userId))
    .orderBy(desc(identityDocuments.createdAt));
}

export async function findDocument(db: Executor, id: string) {
  const [row] = await db.select().from(identityDocuments).where(eq(identityDocuments.id, id)).limit(1);
  return row ?? null;
}

export async function insertDocument(db: Executor, doc: Omit<typeof identityDocuments.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(identityDocuments)
    .values({ id: newId(), ...doc })
    .returning();
  return row;
}
