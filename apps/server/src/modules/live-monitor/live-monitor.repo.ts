import { and, count, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { privateSessions, streams, users } from '../../db/schema';

const person = (t: typeof users) => ({ id: t.id, username: t.username, name: t.name, status: t.status });
const fans = alias(users, 'fans');
const fan = { id: fans.id, username: fans.username, name: fans.name, status: fans.status };
export type MonitorPerson = { id: string; username: string | null; name: string; status: 'active' | 'suspended' };

/** Every live public/group stream, with its creator (any account status: a suspended one is shown ending). */
export async function liveStreamsForMonitor(db: Executor) {
  return db
    .select({ stream: streams, creator: person(users) })
    .from(streams)
    .innerJoin(users, eq(users.id, streams.performerId))
    .where(and(eq(streams.status, 'live'), ne(streams.type, 'private')))
    .orderBy(desc(streams.viewerCount), desc(streams.startedAt));
}

/** Every private show not over (waiting or live), with both parties. */
export async function openShowsForMonitor(db: Executor) {
  return db
    .select({ session: privateSessions, creator: person(users), fan })
    .from(privateSessions)
    .innerJoin(users, eq(users.id, privateSessions.performerId))
    .innerJoin(fans, eq(fans.id, privateSessions.userId))
    .where(ne(privateSessions.status, 'ended'))
    .orderBy(desc(privateSessions.sampledAt), desc(privateSessions.createdAt));
}

/** The queue of sampled private shows: open (nobody looked yet) or reviewed, newest first. */
export async function sampledShows(db: Executor, q: { state: 'open' | 'reviewed'; limit: number; offset: number }) {
  const where = and(
    isNotNull(privateSessions.sampledAt),
    q.state === 'open' ? isNull(privateSessions.sampleReviewedAt) : isNotNull(privateSessions.sampleReviewedAt),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ session: privateSessions, creator: person(users), fan })
      .from(privateSessions)
      .innerJoin(users, eq(users.id, privateSessions.performerId))
      .innerJoin(fans, eq(fans.id, privateSessions.userId))
      .where(where)
      .orderBy(desc(privateSessions.sampledAt))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(privateSessions).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function openSampleCount(db: Executor): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(privateSessions)
    .where(and(isNotNull(privateSessions.sampledAt), isNull(privateSessions.sampleReviewedAt)));
  return Number(n);
}

/** Marks a sampled show looked at; null when it is not a sampled show. */
export async function markSampleReviewed(tx: Executor, id: string, by: string, at: Date) {
  const [row] = await tx
    .update(privateSessions)
    .set({ sampleReviewedAt: at, sampleReviewedBy: by, updatedAt: at })
    .where(and(eq(privateSessions.id, id), isNotNull(privateSessions.sampledAt)))
    .returning();
  return row ?? null;
}

/** A live stream or an open private show: its creator, for the monitor's actions. */
export async function monitorTarget(db: Executor, kind: 'stream' | 'private', id: string) {
  const staff = { creatorRole: users.role, creatorStaffRole: users.staffRole };
  if (kind === 'stream') {
    const [s] = await db
      .select({
        creatorId: streams.performerId,
        title: streams.title,
        status: streams.status,
        type: streams.type,
        ...staff,
      })
      .from(streams)
      .innerJoin(users, eq(users.id, streams.performerId))
      .where(eq(streams.id, id))
      .limit(1);
    return s && s.type !== 'private' ? { ...s, open: s.status === 'live' } : null;
  }
  const [p] = await db
    .select({ creatorId: privateSessions.performerId, status: privateSessions.status, ...staff })
    .from(privateSessions)
    .innerJoin(users, eq(users.id, privateSessions.performerId))
    .where(eq(privateSessions.id, id))
    .limit(1);
  return p ? { ...p, title: '', open: p.status !== 'ended' } : null;
}

export async function reviewerNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username ?? r.id]));
}
