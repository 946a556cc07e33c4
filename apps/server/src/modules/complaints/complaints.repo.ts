import { and, asc, count, desc, eq, isNull, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ComplaintRow, complaints, type NewComplaintRow } from '../../db/schema';

export async function insertComplaint(db: Executor, row: NewComplaintRow): Promise<ComplaintRow> {
  const [created] = await db.insert(complaints).values(row).returning();
  return created!;
}

export async function findComplaint(db: Executor, id: string): Promise<ComplaintRow | null> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1);
  return row ?? null;
}

export async function lockComplaint(tx: Executor, id: string): Promise<ComplaintRow | null> {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateComplaint(db: Executor, id: string, set: Partial<NewComplaintRow>): Promise<ComplaintRow> {
  const [row] = await db.update(complaints).set(set).where(eq(complaints.id, id)).returning();
  return row!;
}

/** The queue: open cases by due date (the most urgent first), closed ones by decision, newest first. */
export async function searchComplaints(
  db: Executor,
  q: { status?: 'open' | 'closed'; kind?: ComplaintRow['kind'] },
  page: { limit: number; offset: number },
): Promise<{ rows: ComplaintRow[]; total: number }> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(complaints.status, q.status));
  if (q.kind) conds.push(eq(complaints.kind, q.kind));
  const where = conds.length ? and(...conds) : undefined;
  const order =
    q.status === 'closed'
      ? [desc(complaints.decidedAt), desc(complaints.id)]
      : [asc(complaints.status), asc(complaints.dueAt), asc(complaints.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(complaints)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(complaints).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Open cases due before `by` whose admins were not yet told at this stage. */
export async function openCasesToEscalate(db: Executor, stage: 'dueSoon' | 'overdue', by: Date) {
  const told = stage === 'dueSoon' ? complaints.dueSoonNotifiedAt : complaints.overdueNotifiedAt;
  return db
    .select()
    .from(complaints)
    .where(and(eq(complaints.status, 'open'), isNull(told), lte(complaints.dueAt, by)))
    .orderBy(asc(complaints.dueAt))
    .limit(500);
}

/** Marks a stage told, once: false when another instance already did. */
export async function markEscalated(db: Executor, id: string, stage: 'dueSoon' | 'overdue', at: Date) {
  const told = stage === 'dueSoon' ? complaints.dueSoonNotifiedAt : complaints.overdueNotifiedAt;
  const rows = await db
    .update(complaints)
    .set(stage === 'dueSoon' ? { dueSoonNotifiedAt: at } : { overdueNotifiedAt: at })
    .where(and(eq(complaints.id, id), isNull(told)))
    .returning({ id: complaints.id });
  return rows.length > 0;
}
