import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type DataExportRow, dataExports } from '../../db/schema';

/** Null when the account already has an open export (the partial unique index `data_exports_one_open_per_user`). */
export async function insertExport(db: Executor, row: typeof dataExports.$inferInsert): Promise<DataExportRow | null> {
  const [saved] = await db.insert(dataExports).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function findExport(db: Executor, id: string) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row ?? null;
}

export function listExports(db: Executor, userId: string) {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
}

/** An export still being prepared for this user (one at a time). */
export async function openExport(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), sql`${dataExports.status} in ('pending', 'running')`))
    .limit(1);
  return row ?? null;
}

export function updateExport(db: Executor, id: string, set: Partial<typeof dataExports.$inferInsert>) {
  return db.update(dataExports).set(set).where(eq(dataExports.id, id));
}

export function expiredExports(db: Executor, now: Date) {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), sql`${dataExports.expiresAt} < ${now.toISOString()}`));
}

type Row = Record<string, unknown>;

/** Raw SQL for the export's allow-list and erasure's scrub; values are always bound. */
export async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const res = (await db.execute(query)) as unknown as { rows: Row[] };
  return res.rows;
}

/** Every text-like column of every table in the public schema (what erasure scrubs and its test searches). */
export async function textColumns(db: Executor): Promise<Array<{ table: string; column: string; type: string }>> {
  return (await rows(
    db,
    sql`select c.table_name as "table", c.column_name as "column", c.data_type as "type"
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
           and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
         order by 1, 2`,
  )) as Array<{ table: string; column: string; type: string }>;
}
