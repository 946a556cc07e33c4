import type { ContentListQuery, ContentType } from '@marquee/shared';
import { and, asc, type Column, count, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { notTakenDown } from '../../db/moderation';
import { isPublished } from '../../db/review';
import {
  type ContentCategoryRow,
  type ContentItemRow,
  contentCategories,
  contentItems,
  type NewContentItemRow,
  users,
} from '../../db/schema';
import { isAdmin } from '../../plugins/auth';
import { notBlockedBy, notCountryBlocked } from '../blocks';

export interface PerformerSummary {
  id: string;
  username: string | null;
  name: string;
  avatarPath: string | null;
}
export type ItemWithPerformer = ContentItemRow & { performer: PerformerSummary | null };

const SORT_COLUMNS: Record<ContentListQuery['sortBy'], Column> = {
  updatedAt: contentItems.updatedAt,
  createdAt: contentItems.createdAt,
  publishedAt: contentItems.publishedAt,
  price: contentItems.priceCents,
  views: contentItems.views,
  title: contentItems.title,
};

export interface ItemFilter {
  type: ContentType;
  creatorId?: string;
  /** Only what fans may list: active and published. */
  publicOnly?: { at: Date };
  status?: ContentItemRow['status'];
  visibility?: ContentItemRow['visibility'];
  tag?: string;
  q?: string;
  categoryId?: string;
  productType?: 'physical' | 'digital';
  hideBlockedFor?: { viewerId: string | null; country: string | null };
}

function whereOf(f: ItemFilter): SQL {
  const conds: SQL[] = [eq(contentItems.type, f.type)];
  if (f.creatorId) conds.push(eq(contentItems.creatorId, f.creatorId));
  if (f.publicOnly) {
    conds.push(eq(contentItems.status, 'active'), notTakenDown(contentItems), isPublished(contentItems));
    conds.push(isNotNull(contentItems.publishedAt), lte(contentItems.publishedAt, f.publicOnly.at));
  }
  if (f.status) conds.push(eq(contentItems.status, f.status));
  if (f.visibility) conds.push(eq(contentItems.visibility, f.visibility));
  if (f.tag) conds.push(sql`${contentItems.tags} @> array[${f.tag.toLowerCase()}]::text[]`);
  if (f.categoryId) conds.push(eq(contentItems.categoryId, f.categoryId));
  if (f.productType) conds.push(eq(contentItems.productType, f.productType));
  if (f.hideBlockedFor) {
    conds.push(notBlockedBy(contentItems.creatorId, f.hideBlockedFor.viewerId));
    conds.push(notCountryBlocked(contentItems.creatorId, f.hideBlockedFor.country));
  }
  if (f.q) {
    conds.push(
      sql`to_tsvector('simple', ${contentItems.title} || ' ' || ${contentItems.description}) @@ plainto_tsquery('simple', ${f.q})`,
    );
  }
  return and(...conds)!;
}

/** SQL twin of content.policy `isListedFor`: an item of `type` with this id that the viewer may see listed. */
export function listedItemExists(
  objectId: AnyPgColumn,
  type: ContentType,
  viewer: { id: string; role: string } | null,
  at: Date,
): SQL {
  const visible = isAdmin(viewer)
    ? sql`true`
    : and(
        notTakenDown(contentItems),
        or(
          viewer ? eq(contentItems.creatorId, viewer.id) : undefined,
          and(
            eq(contentItems.status, 'active'),
            isPublished(contentItems),
            isNotNull(contentItems.publishedAt),
            lte(contentItems.publishedAt, at),
          ),
        ),
      );
  return sql`exists (select 1 from ${contentItems} where ${contentItems.id} = ${objectId} and ${contentItems.type} = ${type} and ${visible})`;
}

const withPerformer = {
  item: contentItems,
  performerId: users.id,
  username: users.username,
  name: users.name,
  avatarPath: users.avatarPath,
};
type JoinedRow = {
  item: ContentItemRow;
  performerId: string | null;
  username: string | null;
  name: string | null;
  avatarPath: string | null;
};
const flatten = (r: JoinedRow): ItemWithPerformer => ({
  ...r.item,
  performer: r.performerId
    ? { id: r.performerId, username: r.username, name: r.name ?? '', avatarPath: r.avatarPath }
    : null,
});

export async function listItems(
  db: Executor,
  f: ItemFilter,
  page: { page: number; pageSize: number; sortBy: ContentListQuery['sortBy']; sort: 'asc' | 'desc' },
): Promise<{ rows: ItemWithPerformer[]; total: number }> {
  const where = whereOf(f);
  const col = SORT_COLUMNS[page.sortBy];
  const dir = page.sort === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withPerformer)
      .from(contentItems)
      .leftJoin(users, eq(users.id, contentItems.creatorId))
      .where(where)
      .orderBy(dir(col), dir(contentItems.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(contentItems).where(where),
  ]);
  return { rows: rows.map(flatten), total };
}

export async function findItem(db: Executor, type: ContentType, idOrSlug: string): Promise<ItemWithPerformer | null> {
  const isUuid = /^[0-9a-f-]{36}$/i.test(idOrSlug);
  const [row] = await db
    .select(withPerformer)
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.creatorId))
    .where(and(eq(contentItems.type, type), isUuid ? eq(contentItems.id, idOrSlug) : eq(contentItems.slug, idOrSlug)))
    .limit(1);
  return row ? flatten(row) : null;
}

/** The row locked for update (stock, counters), inside a transaction. */
export async function lockItem(tx: Executor, id: string): Promise<ContentItemRow | null> {
  const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findItemsByIds(db: Executor, ids: string[]): Promise<ContentItemRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(contentItems).where(inArray(contentItems.id, ids));
}

export async function insertItem(db: Executor, row: NewContentItemRow): Promise<ContentItemRow> {
  const [created] = await db.insert(contentItems).values(row).returning();
  return created;
}

export async function updateItem(db: Executor, id: string, set: Partial<NewContentItemRow>): Promise<ContentItemRow> {
  const [row] = await db
    .update(contentItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(contentItems.id, id))
    .returning();
  return row;
}

export async function deleteItem(db: Executor, id: string): Promise<void> {
  await db.delete(contentItems).where(eq(contentItems.id, id));
}

export async function slugTaken(db: Executor, type: ContentType, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.type, type), eq(contentItems.slug, slug)))
    .limit(1);
  return Boolean(row);
}

export type Counter = 'views' | 'likes' | 'comments' | 'bookmarks' | 'purchases';
/** Moves a counter by delta, never below zero. */
export async function bumpCounter(db: Executor, id: string, counter: Counter, delta: number): Promise<void> {
  const col = contentItems[counter];
  await db
    .update(contentItems)
    .set({ [counter]: sql`greatest(0, ${col} + ${delta})` })
    .where(eq(contentItems.id, id));
}

/** Takes `quantity` from a product's stock if that much is left; false when not. Null stock = unlimited. */
export async function takeStock(tx: Executor, id: string, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(contentItems)
    .set({ stock: sql`case when ${contentItems.stock} is null then null else ${contentItems.stock} - ${quantity} end` })
    .where(
      and(
        eq(contentItems.id, id),
        eq(contentItems.type, 'product'),
        or(sql`${contentItems.stock} is null`, gte(contentItems.stock, quantity)),
      ),
    )
    .returning({ id: contentItems.id });
  return rows.length > 0;
}

export async function returnStock(tx: Executor, id: string, quantity: number): Promise<void> {
  await tx
    .update(contentItems)
    .set({ stock: sql`${contentItems.stock} + ${quantity}` })
    .where(and(eq(contentItems.id, id), isNotNull(contentItems.stock)));
}

/** Active, published items for a sitemap, newest first. */
export async function sitemapItems(db: Executor, type: ContentType, at: Date, limit: number, offset: number) {
  const where = whereOf({ type, publicOnly: { at } });
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: contentItems.id,
        slug: contentItems.slug,
        title: contentItems.title,
        updatedAt: contentItems.updatedAt,
      })
      .from(contentItems)
      .where(where)
      .orderBy(desc(contentItems.updatedAt))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contentItems).where(where),
  ]);
  return { rows, total };
}

// categories
export async function listCategories(db: Executor, q: string | undefined, limit: number, offset: number) {
  const where = q ? sql`${contentCategories.name} ilike ${`%${q.replace(/[%_]/g, '')}%`}` : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contentCategories)
      .where(where)
      .orderBy(asc(contentCategories.position), asc(contentCategories.name))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contentCategories).where(where),
  ]);
  return { rows, total };
}

export async function findCategories(db: Executor, ids: string[]): Promise<ContentCategoryRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(contentCategories).where(inArray(contentCategories.id, ids));
}

export async function insertCategory(db: Executor, row: typeof contentCategories.$inferInsert) {
  const [created] = await db.insert(contentCategories).values(row).returning();
  return created;
}
