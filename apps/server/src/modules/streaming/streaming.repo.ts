import { and, count, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creatorStreamSettings, entitlements, type StreamRow, streams, streamViewers, users } from '../../db/schema';

export const creatorColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  avatarPath: users.avatarPath,
};
export type CreatorBrief = { id: string; username: string | null; name: string; avatarPath: string | null };

export async function insertStream(tx: Executor, row: typeof streams.$inferInsert): Promise<StreamRow> {
  const [s] = await tx.insert(streams).values(row).returning();
  return s;
}

export async function findStream(db: Executor, id: string): Promise<StreamRow | null> {
  const [s] = await db.select().from(streams).where(eq(streams.id, id)).limit(1);
  return s ?? null;
}

export async function lockStream(tx: Executor, id: string): Promise<StreamRow | null> {
  const [s] = await tx.select().from(streams).where(eq(streams.id, id)).for('update').limit(1);
  return s ?? null;
}

export async function findStreamWithCreator(db: Executor, id: string) {
  const [r] = await db
    .select({ stream: streams, creator: creatorColumns })
    .from(streams)
    .innerJoin(users, eq(users.id, streams.performerId))
    .where(eq(streams.id, id))
    .limit(1);
  return r ?? null;
}

export async function liveStreamOf(db: Executor, performerId: string): Promise<StreamRow | null> {
  const [s] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.performerId, performerId), eq(streams.status, 'live')))
    .limit(1);
  return s ?? null;
}

export async function updateStream(tx: Executor, id: string, set: Partial<typeof streams.$inferInsert>) {
  const [s] = await tx
    .update(streams)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(streams.id, id))
    .returning();
  return s ?? null;
}

/** The ingest heartbeat: these live streams are being ingested by `node` at `at`. */
export async function touchIngest(db: Executor, ids: string[], node: string, at: Date) {
  if (ids.length === 0) return;
  await db
    .update(streams)
    .set({ ingestNode: node, ingestSeenAt: at })
    .where(and(inArray(streams.id, ids), eq(streams.status, 'live')));
}

/**
 * Live public/group streams nobody ingests: last ingested by `node` (which has no ingest for them),
 * or whose heartbeat is older than `staleBefore`; with `never`, also those never ingested that
 * started before it.
 */
export async function liveStreamsWithoutIngest(
  db: Executor,
  q: { node?: string; staleBefore: Date; never: boolean },
): Promise<StreamRow[]> {
  return db
    .select()
    .from(streams)
    .where(
      and(
        eq(streams.status, 'live'),
        ne(streams.type, 'private'),
        or(
          q.node ? eq(streams.ingestNode, q.node) : undefined,
          lt(streams.ingestSeenAt, q.staleBefore),
          q.never ? and(isNull(streams.ingestSeenAt), lt(streams.startedAt, q.staleBefore)) : undefined,
        ),
      ),
    );
}

/** Live (or ended) streams, newest first or by viewers; creators who blocked the viewer are left out. */
export async function searchStreams(
  db: Executor,
  q: {
    status: 'live' | 'ended';
    type?: 'public' | 'group';
    performerId?: string;
    q?: string;
    sortBy: 'startedAt' | 'viewerCount';
    sort: 'asc' | 'desc';
    limit: number;
    offset: number;
    excludeCreators?: string[];
  },
) {
  const where = and(
    eq(streams.status, q.status),
    q.type ? eq(streams.type, q.type) : sql`${streams.type} <> 'private'`,
    q.performerId ? eq(streams.performerId, q.performerId) : undefined,
    q.q
      ? or(ilike(streams.title, `%${q.q}%`), ilike(users.username, `%${q.q}%`), ilike(users.name, `%${q.q}%`))
      : undefined,
    q.excludeCreators?.length ? sql`${streams.performerId} not in ${q.excludeCreators}` : undefined,
    eq(users.status, 'active'),
  );
  const col = q.sortBy === 'viewerCount' ? streams.viewerCount : streams.startedAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ stream: streams, creator: creatorColumns })
      .from(streams)
      .innerJoin(users, eq(users.id, streams.performerId))
      .where(where)
      .orderBy(q.sort === 'asc' ? col : desc(col), desc(streams.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(streams).innerJoin(users, eq(users.id, streams.performerId)).where(where),
  ]);
  return { rows, total };
}

// ---- viewers

export async function findViewer(db: Executor, streamId: string, userId: string) {
  const [v] = await db
    .select()
    .from(streamViewers)
    .where(and(eq(streamViewers.streamId, streamId), eq(streamViewers.userId, userId)))
    .limit(1);
  return v ?? null;
}

/** A socket of a signed-in viewer joined (+1) or left (−1). */
export async function addConnection(db: Executor, streamId: string, userId: string, delta: 1 | -1) {
  await db
    .insert(streamViewers)
    .values({ streamId, userId, connections: Math.max(0, delta) })
    .onConflictDoUpdate({
      target: [streamViewers.streamId, streamViewers.userId],
      set: { connections: sql`greatest(0, ${streamViewers.connections} + ${delta})`, updatedAt: new Date() },
    });
}

export async function setViewerFlags(
  db: Executor,
  streamId: string,
  userId: string,
  flags: { muted?: boolean; removed?: boolean },
) {
  await db
    .insert(streamViewers)
    .values({ streamId, userId, connections: 0, ...flags })
    .onConflictDoUpdate({
      target: [streamViewers.streamId, streamViewers.userId],
      set: { ...flags, ...(flags.removed ? { connections: 0 } : {}), updatedAt: new Date() },
    });
}

export async function connectedViewers(db: Executor, streamId: string, limit = 200) {
  return db
    .select({ user: creatorColumns, muted: streamViewers.muted })
    .from(streamViewers)
    .innerJoin(users, eq(users.id, streamViewers.userId))
    .where(
      and(eq(streamViewers.streamId, streamId), gt(streamViewers.connections, 0), eq(streamViewers.removed, false)),
    )
    .orderBy(streamViewers.joinedAt)
    .limit(limit);
}

// ---- creator settings

export async function findSettings(db: Executor, performerId: string) {
  const [s] = await db
    .select()
    .from(creatorStreamSettings)
    .where(eq(creatorStreamSettings.performerId, performerId))
    .limit(1);
  return s ?? null;
}

export async function upsertSettings(
  db: Executor,
  performerId: string,
  values: { streamKey: string } & Partial<typeof creatorStreamSettings.$inferInsert>,
  set: Partial<typeof creatorStreamSettings.$inferInsert>,
) {
  const [s] = await db
    .insert(creatorStreamSettings)
    .values({ performerId, ...values })
    .onConflictDoUpdate({ target: creatorStreamSettings.performerId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return s;
}

export async function settingsByKey(db: Executor, streamKey: string) {
  const [s] = await db
    .select()
    .from(creatorStreamSettings)
    .where(eq(creatorStreamSettings.streamKey, streamKey))
    .limit(1);
  return s ?? null;
}

// ---- audiences

/** Stream session entitlement: the viewer paid this session. */
export async function hasStreamPass(db: Executor, userId: string, streamId: string): Promise<boolean> {
  const [r] = await db
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.objectType, 'stream'),
        eq(entitlements.objectId, streamId),
        isNull(entitlements.revokedAt),
      ),
    )
    .limit(1);
  return Boolean(r);
}

export async function userBriefs(db: Executor, ids: string[]): Promise<Map<string, CreatorBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(creatorColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A unique violation, however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
