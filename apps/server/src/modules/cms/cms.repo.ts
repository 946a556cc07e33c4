import type { PromoPlacement } from '@marquee/shared';
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid, newId } from '../../db/ids';
import { escapeLike } from '../../db/like';
import { type CmsPostRow, cmsPosts, sitePromos } from '../../db/schema';

export async function findPost(db: Executor, idOrSlug: string): Promise<CmsPostRow | null> {
  const [row] = await db
    .select()
    .from(cmsPosts)
    .where(isUuid(idOrSlug) ? eq(cmsPosts.id, idOrSlug) : eq(cmsPosts.slug, idOrSlug.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function searchPosts(
  db: Executor,
  f: { q?: string; type?: 'page' | 'post'; includeDrafts: boolean },
  sort: { by: 'ordering' | 'title' | 'updatedAt' | 'createdAt'; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number },
) {
  const conds: SQL[] = [];
  if (!f.includeDrafts) conds.push(eq(cmsPosts.status, 'published'));
  if (f.type) conds.push(eq(cmsPosts.type, f.type));
  if (f.q) conds.push(ilike(cmsPosts.title, `%${escapeLike(f.q)}%`));
  const where = conds.length ? and(...conds) : undefined;
  const col = {
    ordering: cmsPosts.ordering,
    title: cmsPosts.title,
    updatedAt: cmsPosts.updatedAt,
    createdAt: cmsPosts.createdAt,
  }[sort.by];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(cmsPosts)
      .where(where)
      .orderBy(sort.dir === 'asc' ? asc(col) : desc(col), asc(cmsPosts.slug))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(cmsPosts).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function insertPostIfMissing(db: Executor, p: typeof cmsPosts.$inferInsert) {
  await db.insert(cmsPosts).values(p).onConflictDoNothing({ target: cmsPosts.slug });
}

export async function insertPost(db: Executor, p: Omit<typeof cmsPosts.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(cmsPosts)
    .values({ id: newId(), ...p })
    .returning();
  return row;
}

export async function updatePost(db: Executor, id: string, p: Partial<typeof cmsPosts.$inferInsert>) {
  const [row] = await db.update(cmsPosts).set(p).where(eq(cmsPosts.id, id)).returning();
  return row ?? null;
}

export async function slugTaken(db: Executor, slug: string, exceptId?: string) {
  const [row] = await db.select({ id: cmsPosts.id }).from(cmsPosts).where(eq(cmsPosts.slug, slug)).limit(1);
  return Boolean(row && row.id !== exceptId);
}

export async function activePromos(
  db: Executor,
  placement: PromoPlacement | undefined,
  at: Date,
  page: { limit: number; offset: number },
  dir: 'asc' | 'desc',
) {
  const where = and(
    eq(sitePromos.status, 'active'),
    placement ? eq(sitePromos.placement, placement) : undefined,
    or(isNull(sitePromos.startAt), lte(sitePromos.startAt, at)),
    or(isNull(sitePromos.endAt), gt(sitePromos.endAt, at)),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(sitePromos)
      .where(where)
      .orderBy(dir === 'asc' ? asc(sitePromos.ordering) : desc(sitePromos.ordering), desc(sitePromos.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(sitePromos).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function insertPromo(db: Executor, p: Omit<typeof sitePromos.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(sitePromos)
    .values({ id: newId(), ...p })
    .returning();
  return row;
}

/** Admin console: every promo (any status or date), newest first. */
export async function allPromos(db: Executor, page: { limit: number; offset: number }) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(sitePromos)
      .orderBy(asc(sitePromos.ordering), desc(sitePromos.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(sitePromos),
  ]);
  return { rows, total: Number(n) };
}

export async function findPromo(db: Executor, id: string) {
  const [row] = await db.select().from(sitePromos).where(eq(sitePromos.id, id)).limit(1);
  return row ?? null;
}

export async function updatePromo(db: Executor, id: string, p: Partial<typeof sitePromos.$inferInsert>) {
  const [row] = await db.update(sitePromos).set(p).where(eq(sitePromos.id, id)).returning();
  return row ?? null;
}

export async function deletePromo(db: Executor, id: string) {
  const [row] = await db.delete(sitePromos).where(eq(sitePromos.id, id)).returning();
  return row ?? null;
}

export async function deletePostRow(db: Executor, id: string) {
  const [row] = await db.delete(cmsPosts).where(eq(cmsPosts.id, id)).returning();
  return row ?? null;
}
