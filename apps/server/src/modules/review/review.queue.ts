import type { ReviewObjectType, ReviewQueueItem, ReviewReason } from '@marquee/shared';
import { fromCents } from '@marquee/shared';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type ReviewItemRow, reviewFlags, reviewItems, users } from '../../db/schema';
import { getMediaMany, presentMedia } from '../media';
import { profileMediaUrl } from '../users';
import { presentQueueRelease, releasesFor } from './review.consent';
import { type ReviewSubject, reviewTarget } from './review.registry';
import { effectiveMode, medianReviewSeconds, oldestOpen, openCount } from './review.service';

const HISTORY = 8;

/**
 * The review queue for admins: oldest first (pending and escalated, or one of them), each item
 * with its media large (unlocked for the reviewer), the creator's recent decisions beside it,
 * its age, plus the queue's figures (oldest age, alert threshold, median time to review).
 */
export async function reviewQueue(
  ctx: Ctx,
  reviewerId: string,
  q: { state: 'open' | 'pending' | 'escalated'; limit: number },
) {
  const states = q.state === 'open' ? (['pending', 'escalated'] as const) : ([q.state] as const);
  const rows = await ctx.db
    .select()
    .from(reviewItems)
    .where(inArray(reviewItems.state, [...states]))
    .orderBy(asc(reviewItems.submittedAt), asc(reviewItems.id))
    .limit(q.limit);
  const [data, total, oldest, medianSeconds, mode, alertMinutes] = await Promise.all([
    presentQueue(ctx, reviewerId, rows),
    q.state === 'open' ? openCount(ctx.db) : openCount(ctx.db, q.state),
    oldestOpen(ctx.db),
    medianReviewSeconds(ctx),
    effectiveMode(ctx),
    ctx.settings.get('reviewAlertMinutes'),
  ]);
  return {
    data,
    total,
    oldestAgeSeconds: oldest ? Math.max(0, Math.round((ctx.now().getTime() - oldest.submittedAt.getTime()) / 1000)) : 0,
    alertAfterSeconds: alertMinutes * 60,
    medianSeconds,
    mode,
  };
}

async function presentQueue(ctx: Ctx, reviewerId: string, rows: ReviewItemRow[]): Promise<ReviewQueueItem[]> {
  if (rows.length === 0) return [];
  const creatorIds = [...new Set(rows.map((r) => r.creatorId))];
  const [creators, flags, history] = await Promise.all([
    ctx.db
      .select({ id: users.id, username: users.username, name: users.name, createdAt: users.createdAt })
      .from(users)
      .where(inArray(users.id, creatorIds)),
    ctx.db.select({ id: reviewFlags.creatorId }).from(reviewFlags).where(inArray(reviewFlags.creatorId, creatorIds)),
    Promise.all(
      creatorIds.map((id) =>
        ctx.db
          .select()
          .from(reviewItems)
          .where(and(eq(reviewItems.creatorId, id), isNotNull(reviewItems.decidedAt)))
          .orderBy(desc(reviewItems.decidedAt))
          .limit(HISTORY),
      ),
    ),
  ]);
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  const flagged = new Set(flags.map((f) => f.id));
  const historyOf = new Map(creatorIds.map((id, i) => [id, history[i]]));
  // What each item is, one query per type.
  const subjects = new Map<string, ReviewSubject>();
  const byType = new Map<ReviewObjectType, ReviewItemRow[]>();
  for (const r of rows) {
    const t = r.objectType as ReviewObjectType;
    byType.set(t, [...(byType.get(t) ?? []), r]);
  }
  for (const [type, items] of byType) {
    const loaded = await reviewTarget(type).load(ctx.db, items);
    for (const [id, s] of loaded) subjects.set(`${type}:${id}`, s);
  }
  const mediaIds = [...new Set([...subjects.values()].flatMap((s) => s.mediaIds))];
  const mediaById = new Map((await getMediaMany(ctx, mediaIds)).map((m) => [m.id, m]));
  const people = await Promise.all(
    rows.map((r) =>
      releasesFor(ctx.db, { mediaIds: subjects.get(`${r.objectType}:${r.objectId}`)?.mediaIds, itemId: r.objectId }),
    ),
  );
  const at = ctx.now().getTime();
  return rows.map((r, i) => {
    const s = subjects.get(`${r.objectType}:${r.objectId}`);
    const c = creatorById.get(r.creatorId);
    const media = [
      ...(s?.mediaIds ?? [])
        .map((id) => mediaById.get(id))
        .filter((m) => m !== undefined)
        .map((m) => {
          const p = presentMedia(ctx, m, { unlocked: true, viewerId: reviewerId });
          return { _id: m.id, kind: m.kind, url: p.url ?? null, posterUrl: p.posterUrl ?? null };
        }),
      ...(s?.imageKeys ?? []).map((key) => ({ _id: key, kind: 'photo', url: profileMediaUrl(key), posterUrl: null })),
    ];
    return {
      _id: r.id,
      objectType: r.objectType as ReviewObjectType,
      objectId: r.objectId,
      state: r.state,
      submittedAt: r.submittedAt.toISOString(),
      ageSeconds: Math.max(0, Math.round((at - r.submittedAt.getTime()) / 1000)),
      title: s?.title ?? r.objectType,
      text: s?.text ?? '',
      price: s?.priceCents ? fromCents(s.priceCents) : null,
      note: r.note,
      creator: {
        _id: r.creatorId,
        username: c?.username ?? null,
        name: c?.name ?? '',
        createdAt: (c?.createdAt ?? r.submittedAt).toISOString(),
        flagged: flagged.has(r.creatorId),
      },
      media,
      releases: people[i].map(presentQueueRelease),
      history: (historyOf.get(r.creatorId) ?? [])
        .filter((h) => h.id !== r.id)
        .map((h) => ({
          _id: h.id,
          objectType: h.objectType as ReviewObjectType,
          state: h.state,
          reasonCode: (h.reasonCode as ReviewReason | null) ?? null,
          decidedAt: h.decidedAt?.toISOString() ?? null,
        })),
    };
  });
}
