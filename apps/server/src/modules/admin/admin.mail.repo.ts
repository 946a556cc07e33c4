import type { adminMailQuerySchema } from '@marquee/shared';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { mailOutbox } from '../../db/schema';

export type MailRow = typeof mailOutbox.$inferSelect;

/** One page of the outbox, newest first, by status and recipient or subject. */
export async function searchMail(db: Executor, q: z.infer<typeof adminMailQuerySchema>) {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(mailOutbox.status, q.status));
  if (q.q) {
    const like = `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(mailOutbox.to, like), ilike(mailOutbox.subject, like))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findMail(db: Executor, id: string): Promise<MailRow | null> {
  const [row] = isUuid(id) ? await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1) : [];
  return row ?? null;
}
