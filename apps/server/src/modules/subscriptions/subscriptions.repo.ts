import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import {
  performers,
  type SubscriptionOffersRow,
  type SubscriptionRow,
  subscriptionOffers,
  subscriptions,
  users,
} from '../../db/schema';

export async function findSubscription(db: Executor, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

export async function findByPair(db: Executor, userId: string, creatorId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.creatorId, creatorId)))
    .limit(1);
  return row ?? null;
}

export async function lockSubscription(tx: Executor, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

/**
 * The fan's row for this creator, created if missing, then row-locked: concurrent
 * subscribe requests of one fan to one creator queue here, so only one pays.
 */
export async function lockOrCreatePair(
  tx: Executor,
  init: {
    userId: string;
    creatorId: string;
    type: SubscriptionRow['type'];
    paymentMethod: SubscriptionRow['paymentMethod'];
  },
): Promise<SubscriptionRow> {
  await tx
    .insert(subscriptions)
    .values({ id: newId(), ...init, status: 'created' })
    .onConflictDoNothing({ target: [subscriptions.userId, subscriptions.creatorId] });
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, init.userId), eq(subscriptions.creatorId, init.creatorId)))
    .for('update');
  return row;
}

export async function updateSubscription(
  tx: Executor,
  id: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
) {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

export async function findOffers(db: Executor, creatorId: string): Promise<SubscriptionOffersRow | null> {
  const [row] = await db.select().from(subscriptionOffers).where(eq(subscriptionOffers.creatorId, creatorId)).limit(1);
  return row ?? null;
}

export async function lockOffers(tx: Executor, creatorId: string): Promise<SubscriptionOffersRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptionOffers)
    .where(eq(subscriptionOffers.creatorId, creatorId))
    .for('update');
  return row ?? null;
}

export async function upsertOffers(
  tx: Executor,
  creatorId: string,
  changes: Partial<typeof subscriptionOffers.$inferInsert>,
) {
  const [row] = await tx
    .insert(subscriptionOffers)
    .values({ creatorId, ...changes })
    .onConflictDoUpdate({ target: subscriptionOffers.creatorId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return row;
}

export async function usePromotion(tx: Executor, creatorId: string) {
  await tx
    .update(subscriptionOffers)
    .set({ promoUsed: sql`${subscriptionOffers.promoUsed} + 1` })
    .where(eq(subscriptionOffers.creatorId, creatorId));
}

/** The creator's account and prices, or null when there is no active creator with this id. */
export async function findCreator(db: Executor, creatorId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      status: users.status,
      role: users.role,
      displayName: performers.displayName,
      monthlyPrice: performers.monthlyPrice,
      yearlyPrice: performers.yearlyPrice,
      freeSubscriptionEnabled: performers.freeSubscriptionEnabled,
      freeSubscriptionDays: performers.freeSubscriptionDays,
    })
    .from(users)
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(eq(users.id, creatorId))
    .limit(1);
  return row ?? null;
}
export type CreatorFacts = NonNullable<Awaited<ReturnType<typeof findCreator>>>;

export interface SearchFilter {
  userId?: string;
  creatorId?: string;
  status?: SubscriptionRow['status'];
  type?: SubscriptionRow['type'];
  activeAt?: Date;
  q?: string;
  /** Hide checkouts never paid (status created). */
  hideCreated: boolean;
}

const SORT_COLUMNS = {
  updatedAt: subscriptions.updatedAt,
  createdAt: subscriptions.createdAt,
  expiredAt: subscriptions.currentPeriodEnd,
  totalPaid: subscriptions.totalPaidCents,
} as const;

/** A page of subscriptions with the other party's summary, in one query (plus the count). */
export async function searchSubscriptions(
  db: Executor,
  f: SearchFilter,
  page: { offset: number; limit: number; sortBy: keyof typeof SORT_COLUMNS; sort: 'asc' | 'desc' },
) {
  const conds: SQL[] = [];
  if (f.userId) conds.push(eq(subscriptions.userId, f.userId));
  if (f.creatorId) conds.push(eq(subscriptions.creatorId, f.creatorId));
  if (f.status) conds.push(eq(subscriptions.status, f.status));
  else if (f.hideCreated) conds.push(ne(subscriptions.status, 'created'));
  if (f.type) conds.push(eq(subscriptions.type, f.type));
  if (f.activeAt)
    conds.push(gt(subscriptions.currentPeriodEnd, f.activeAt), inArray(subscriptions.status, ['active', 'cancelled']));
  // the other party: the creator for a fan's list, the fan for a creator's list
  const partyId = f.userId ? subscriptions.creatorId : subscriptions.userId;
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(users.username, like), ilike(users.name, like))!);
  }
  const where = and(...conds);
  const col = SORT_COLUMNS[page.sortBy];
  const order = page.sort === 'asc' ? [asc(col), asc(subscriptions.id)] : [desc(col), desc(subscriptions.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        sub: subscriptions,
        party: { id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath },
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, partyId))
      .where(where)
      .orderBy(...order)
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, partyId))
      .where(where),
  ]);
  return { rows, total };
}

export async function creatorStats(db: Executor, creatorId: string, at: Date) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${subscriptions.status} in ('active', 'cancelled') and ${subscriptions.currentPeriodEnd} > ${at.toISOString()})::int`,
      total: sql<number>`count(*) filter (where ${subscriptions.status} <> 'created')::int`,
      revenue: sql<string>`coalesce(sum(${subscriptions.totalPaidCents}), 0)::text`,
    })
    .from(subscriptions)
    .where(eq(subscriptions.creatorId, creatorId));
  return { active: row?.active ?? 0, total: row?.total ?? 0, revenueCents: Number(row?.revenue ?? 0) };
}

// ---- the renewal job's scans (subscriptions_due_idx)

/** Renewing subscriptions whose period ends before `until`, and whose retry (if any) is due or whose grace is over. */
export async function dueForRenewal(db: Executor, at: Date, until: Date, graceStart: Date, limit: number) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.autoRenew, true),
        lte(subscriptions.currentPeriodEnd, until),
        or(
          isNull(subscriptions.nextAttemptAt),
          lte(subscriptions.nextAttemptAt, at),
          lte(subscriptions.currentPeriodEnd, graceStart),
        ),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
}

/** Expired card subscriptions whose gateway agreement (Stripe Subscription) was not ended yet. */
export async function endedWithGatewayAgreement(db: Executor, limit: number) {
  return db
    .select({ id: subscriptions.id, externalId: subscriptions.externalId, paymentMethod: subscriptions.paymentMethod })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'expired'), isNotNull(subscriptions.externalId)))
    .limit(limit);
}

/** Subscriptions that will not renew (cancelled, free) whose period has ended. */
export async function dueForExpiry(db: Executor, at: Date, limit: number) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['active', 'cancelled']),
        eq(subscriptions.autoRenew, false),
        lte(subscriptions.currentPeriodEnd, at),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
}

/** Renewing subscriptions ending within the notice window whose fan has not been told about this period end. */
export async function dueForNotice(db: Executor, from: Date, until: Date, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.autoRenew, true),
        gt(subscriptions.currentPeriodEnd, from),
        lte(subscriptions.currentPeriodEnd, until),
        or(isNull(subscriptions.noticeSentFor), ne(subscriptions.noticeSentFor, subscriptions.currentPeriodEnd)),
      ),
    )
    .limit(limit);
}

export async function markNoticeSent(db: Executor, ids: string[], periodEnds: Map<string, Date>) {
  for (const id of ids) {
    await db
      .update(subscriptions)
      .set({ noticeSentFor: periodEnds.get(id)! })
      .where(eq(subscriptions.id, id));
  }
}

export async function userNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { username: string | null; name: string; displayName: string | null }>();
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, displayName: performers.displayName })
    .from(users)
    .leftJoin(performers, eq(performers.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
