import type { DecisionGround, ReviewObjectType, ReviewReason } from '@marquee/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import {
  type DecisionRow,
  type ReviewItemRow,
  type ReviewState,
  reviewAlert,
  reviewFlags,
  reviewItems,
  users,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { type AdminActor, inAdminTx } from '../admin';
import { announceDecision, recordDecision } from '../decisions';
import { notify } from '../notifications';
import { activeAdmins } from '../users';
import { type ConsentSubject, consentMissing } from './review.consent';
import { reviewTarget } from './review.registry';

/**
 * Review before publication (issue 26 item 1, docs/compliance.md "Review before publication").
 * Every publishing path asks `publicationGate` whether the new item may go out now; when it may
 * not, the item is written with `reviewState: 'pending'` (hidden by `isPublished()` in every
 * public query) and `submitForReview` puts it in the queue, in the same transaction.
 */

export type EffectiveMode = 'everything' | 'new_or_flagged' | 'nothing';

export async function effectiveMode(ctx: Pick<Ctx, 'settings'>): Promise<EffectiveMode> {
  const [mode, adult] = await Promise.all([ctx.settings.get('reviewMode'), ctx.settings.get('adultSite')]);
  if (mode === 'auto') return adult ? 'everything' : 'nothing';
  return mode;
}

/** Whether this creator's new items wait for a reviewer under the current setting. */
export async function needsReview(ctx: Ctx, creatorId: string): Promise<boolean> {
  const mode = await effectiveMode(ctx);
  if (mode === 'nothing') return false;
  if (mode === 'everything') return true;
  const [row] = await ctx.db
    .select({ createdAt: users.createdAt, role: users.role, flagged: reviewFlags.creatorId })
    .from(users)
    .leftJoin(reviewFlags, eq(reviewFlags.creatorId, users.id))
    .where(eq(users.id, creatorId))
    .limit(1);
  if (!row) return true;
  if (row.flagged) return true;
  const days = await ctx.settings.get('reviewNewCreatorDays');
  return ctx.now().getTime() - row.createdAt.getTime() < days * 86_400_000;
}

export interface PublicationGate {
  /** The state the new item is written with: `approved` goes out now, `pending` waits in the queue. */
  reviewState: Extract<ReviewState, 'approved' | 'pending'>;
  /** Someone named in the item's files has not consented or is not verified yet (issue 26 item 3). */
  awaitingConsent: boolean;
}

export interface GateItem extends ConsentSubject {
  objectType: ReviewObjectType;
  creatorId: string;
}

/**
 * The one decision whether an item may be published now. Every publishing path calls it
 * (posts, stories, catalogue items, photos, paid and mass messages, profile images) with the
 * item's files: an item waits when the setting asks for review, and always while someone
 * named in its files has not consented and been verified (review.consent.ts); a reviewer
 * cannot approve it before then (`decide`).
 */
export async function publicationGate(
  ctx: Ctx,
  /**
   * `stream`: a go-live, with the id the stream will take (people are named on it before it starts).
   * A live stream cannot wait: `pending` flags it for the live monitor, and go-live refuses while
   * `awaitingConsent`.
   */
  item: GateItem | { objectType: 'stream'; creatorId: string; itemId?: string },
): Promise<PublicationGate> {
  const awaitingConsent = await consentMissing(ctx.db, item);
  const review = awaitingConsent || (await needsReview(ctx, item.creatorId));
  return { reviewState: review ? 'pending' : 'approved', awaitingConsent };
}

/**
 * Queues an item for review inside the caller's transaction. An item that already waits
 * (an edit of a pending item) keeps its place in the queue.
 */
export async function submitForReview(
  ctx: Pick<Ctx, 'now'>,
  tx: Executor,
  item: { objectType: ReviewObjectType; objectId: string; creatorId: string; payload?: Record<string, unknown> },
): Promise<ReviewItemRow> {
  const [open] = await tx
    .select()
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.objectType, item.objectType),
        eq(reviewItems.objectId, item.objectId),
        inArray(reviewItems.state, ['pending', 'escalated']),
      ),
    )
    .limit(1);
  if (open) {
    if (item.payload) {
      const [row] = await tx
        .update(reviewItems)
        .set({ payload: item.payload })
        .where(eq(reviewItems.id, open.id))
        .returning();
      return row;
    }
    return open;
  }
  const [row] = await tx
    .insert(reviewItems)
    .values({
      id: newId(),
      objectType: item.objectType,
      objectId: item.objectId,
      creatorId: item.creatorId,
      state: 'pending',
      payload: item.payload ?? {},
      submittedAt: ctx.now(),
    })
    .returning();
  return row;
}

/** Gate and queue in one call for paths that write the item first: the state to store. */
export async function gateNewItem(
  ctx: Ctx,
  item: GateItem,
): Promise<
  PublicationGate & { submit: (tx: Executor, objectId: string, payload?: Record<string, unknown>) => Promise<void> }
> {
  const gate = await publicationGate(ctx, item);
  return {
    ...gate,
    submit: async (tx, objectId, payload) => {
      if (gate.reviewState !== 'pending') return;
      const { objectType, creatorId } = item;
      const extra = gate.awaitingConsent ? { awaitingConsent: true } : undefined;
      await submitForReview(ctx, tx, {
        objectType,
        creatorId,
        objectId,
        payload: payload || extra ? { ...payload, ...extra } : undefined,
      });
    },
  };
}

// ---------- decisions ----------

export interface DecisionInput {
  action: 'approve' | 'reject' | 'escalate';
  reason?: ReviewReason;
  note?: string;
}

const STATE_OF = { approve: 'approved', reject: 'rejected', escalate: 'escalated' } as const;

/**
 * A reviewer's decision, in one admin transaction with its audit row (`review.approve`,
 * `review.reject`, `review.escalate`: who, when, the reason). After commit the creator gets the
 * decision (for a rejection, the statement of reasons) and the item's module publishes it.
 */
export async function decide(ctx: Ctx, actor: AdminActor, id: string, input: DecisionInput): Promise<ReviewItemRow> {
  const state = STATE_OF[input.action];
  const row = await inAdminTx(ctx, actor, async (txCtx, tx, record) => {
    const [before] = await tx.select().from(reviewItems).where(eq(reviewItems.id, id)).for('update').limit(1);
    if (!before) throw notFound('Review item');
    if (before.state !== 'pending' && !(before.state === 'escalated' && input.action !== 'escalate'))
      throw conflict(`This item was already ${before.state}`, 'REVIEW_DECIDED');
    if (input.action === 'approve' && (await itemAwaitsConsent(tx, before)))
      throw conflict(msg('error.review.consentMissing'), 'CONSENT_MISSING');
    const [after] = await tx
      .update(reviewItems)
      .set({
        state,
        decidedAt: txCtx.now(),
        decidedBy: actor.user.id,
        reasonCode: input.action === 'reject' ? (input.reason ?? 'other') : (input.reason ?? null),
        note: input.note ?? null,
      })
      .where(eq(reviewItems.id, id))
      .returning();
    const target = reviewTarget(before.objectType as ReviewObjectType);
    await target.setState(tx, before, state);
    after.payload = before.payload; // setState may note what it replaced (profile images)
    if (input.action === 'reject')
      await tx
        .insert(reviewFlags)
        .values({
          creatorId: before.creatorId,
          reason: 'rejected item',
          flaggedBy: actor.user.id,
          flaggedAt: txCtx.now(),
        })
        .onConflictDoNothing();
    const decision =
      input.action === 'reject'
        ? await recordDecision(txCtx, tx, {
            userId: before.creatorId,
            kind: 'review_rejection',
            targetType: before.objectType,
            targetId: before.objectId,
            title: (await target.load(tx, [before])).get(before.objectId)?.title ?? '',
            facts: input.note ?? '',
            ground: GROUND_OF_REASON[(after.reasonCode ?? 'other') as ReviewReason],
            decidedById: actor.user.id,
            data: { reviewItemId: before.id, reasonCode: after.reasonCode ?? 'other' },
          })
        : null;
    await record({
      action: `review.${input.action}`,
      targetType: before.objectType,
      targetId: before.objectId,
      before: { state: before.state },
      after: { state, reason: after.reasonCode, reviewItemId: before.id, creatorId: before.creatorId },
      reason: [after.reasonCode, input.note].filter(Boolean).join(': ') || null,
    });
    return { after, decision };
  });
  await afterDecision(ctx, actor.user.id, row.after, row.decision);
  return row.after;
}

/** A rejection's ground in the statement of reasons (DSA Art. 17): the reviewer's reason as a law or terms clause. */
const GROUND_OF_REASON: Record<ReviewReason, DecisionGround> = {
  minor_appearance: 'underage_appearance',
  no_consent: 'non_consensual',
  prohibited_content: 'prohibited_content',
  illegal_content: 'illegal_content',
  copyright: 'copyright',
  missing_records: 'missing_records',
  misleading: 'misleading',
  spam: 'spam',
  other: 'other_terms',
};

/** Whether an item in the queue still waits for a named person's consent or verification. */
export async function itemAwaitsConsent(db: Executor, item: ReviewItemRow): Promise<boolean> {
  if (item.objectType === 'avatar' || item.objectType === 'cover') return false;
  const subject = (await reviewTarget(item.objectType as ReviewObjectType).load(db, [item])).get(item.objectId);
  return consentMissing(db, { mediaIds: subject?.mediaIds ?? [], itemId: item.objectId });
}

async function afterDecision(ctx: Ctx, actorId: string, row: ReviewItemRow, decision: DecisionRow | null) {
  const target = reviewTarget(row.objectType as ReviewObjectType);
  try {
    if (row.state === 'approved') await target.onApproved?.(ctx, row);
    if (row.state === 'rejected') await target.onRejected?.(ctx, row);
  } catch (err) {
    ctx.log.error({ err, reviewItemId: row.id }, 'review follow-up failed');
  }
  if (row.state === 'escalated') return;
  // A rejection's statement of reasons goes out as the decision's (modules/decisions).
  if (decision) return announceDecision(ctx, decision);
  const what = msg(`review.object.${row.objectType as ReviewObjectType}`);
  await notify(ctx, row.creatorId, {
    kind: 'moderation',
    title: msg(row.state === 'approved' ? 'notify.review.approved' : 'notify.review.rejected', { what }),
    body:
      row.state === 'rejected'
        ? msg('notify.review.statement', {
            reason: msg(`review.reason.${(row.reasonCode ?? 'other') as ReviewReason}`),
            note: row.note ?? '',
          })
        : undefined,
    link: target.link?.(row) ?? undefined,
    actorId,
    data: { reviewItemId: row.id, objectType: row.objectType, objectId: row.objectId, state: row.state },
  }).catch((err) => ctx.log.error({ err }, 'review notice failed'));
}

/**
 * An appeal reversed a rejection: the item is approved (published) in the caller's transaction;
 * the returned follow-up publishes, delivers or replaces after commit. A profile image whose file
 * was deleted on rejection cannot come back (the follow-up fails and is logged).
 */
export async function reverseRejection(
  ctx: Ctx,
  tx: Executor,
  reviewItemId: string,
  actorId: string,
): Promise<(() => Promise<void>) | null> {
  const [item] = await tx.select().from(reviewItems).where(eq(reviewItems.id, reviewItemId)).for('update').limit(1);
  if (!item || item.state !== 'rejected') return null;
  const [after] = await tx
    .update(reviewItems)
    .set({ state: 'approved', decidedAt: ctx.now(), decidedBy: actorId })
    .where(eq(reviewItems.id, item.id))
    .returning();
  const target = reviewTarget(item.objectType as ReviewObjectType);
  await target.setState(tx, item, 'approved');
  return async () => {
    await target
      .onApproved?.(ctx, { ...after, payload: item.payload })
      .catch((err) => ctx.log.error({ err, reviewItemId }, 'reinstating the item failed'));
  };
}

// ---------- figures ----------

/** Median seconds from submission to decision over the last 7 days; null without decisions. */
export async function medianReviewSeconds(ctx: Pick<Ctx, 'db' | 'now'>): Promise<number | null> {
  const since = new Date(ctx.now().getTime() - 7 * 86_400_000).toISOString();
  const res = await ctx.db.execute(sql`
    select percentile_cont(0.5) within group (order by extract(epoch from decided_at - submitted_at)) as m
      from review_items where decided_at is not null and decided_at >= ${since}::timestamptz and state <> 'escalated'`);
  const m = (res as unknown as { rows: Array<{ m: number | string | null }> }).rows[0]?.m;
  return m === null || m === undefined ? null : Math.round(Number(m));
}

/** The oldest open item (pending or escalated), for the queue-age figure and alert. */
export async function oldestOpen(db: Executor): Promise<ReviewItemRow | null> {
  const [row] = await db
    .select()
    .from(reviewItems)
    .where(inArray(reviewItems.state, ['pending', 'escalated']))
    .orderBy(asc(reviewItems.submittedAt))
    .limit(1);
  return row ?? null;
}

export async function openCount(db: Executor, state?: 'pending' | 'escalated'): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(reviewItems)
    .where(state ? eq(reviewItems.state, state) : inArray(reviewItems.state, ['pending', 'escalated']));
  return Number(n);
}

/**
 * The queue-age alert (job every minute): when the oldest open item has waited longer than
 * `reviewAlertMinutes`, every admin is notified once; the alert re-arms when the queue is back
 * under the threshold. Returns whether it fired now.
 */
export async function checkQueueAge(ctx: Ctx): Promise<boolean> {
  const oldest = await oldestOpen(ctx.db);
  const limitMs = (await ctx.settings.get('reviewAlertMinutes')) * 60_000;
  const over = !!oldest && ctx.now().getTime() - oldest.submittedAt.getTime() > limitMs;
  if (!over) {
    await ctx.db.update(reviewAlert).set({ alertedAt: null }).where(eq(reviewAlert.id, 1));
    return false;
  }
  // Claim the crossing atomically: only the run that flips alerted_at from null notifies.
  const res = await ctx.db.execute(sql`
    insert into review_alert (id, alerted_at) values (1, ${ctx.now().toISOString()}::timestamptz)
    on conflict (id) do update set alerted_at = excluded.alerted_at where review_alert.alerted_at is null
    returning id`);
  if ((res as unknown as { rows: unknown[] }).rows.length === 0) return false;
  const admins = await activeAdmins(ctx);
  const minutes = Math.floor((ctx.now().getTime() - oldest!.submittedAt.getTime()) / 60_000);
  await notify(ctx, admins, {
    kind: 'moderation',
    title: msg('notify.review.alert', { minutes, count: await openCount(ctx.db) }),
    link: '/admin/review',
  }).catch((err) => ctx.log.error({ err }, 'review alert failed'));
  return true;
}

export async function setFlag(ctx: Ctx, actor: AdminActor, creatorId: string, flagged: boolean, reason?: string) {
  await inAdminTx(ctx, actor, async (txCtx, tx, record) => {
    if (flagged)
      await tx
        .insert(reviewFlags)
        .values({ creatorId, reason: reason || 'flagged', flaggedBy: actor.user.id, flaggedAt: txCtx.now() })
        .onConflictDoUpdate({ target: reviewFlags.creatorId, set: { reason: reason || 'flagged' } });
    else await tx.delete(reviewFlags).where(eq(reviewFlags.creatorId, creatorId));
    await record({
      action: flagged ? 'review.flag' : 'review.unflag',
      targetType: 'user',
      targetId: creatorId,
      reason: reason ?? null,
    });
  });
}

/** Latest review rows of a creator's items (for their own "in review" / "rejected" badges). */
export async function latestFor(db: Executor, creatorId: string, objectType: ReviewObjectType, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.creatorId, creatorId),
        eq(reviewItems.objectType, objectType),
        inArray(reviewItems.objectId, ids),
      ),
    )
    .orderBy(desc(reviewItems.submittedAt));
  const seen = new Map<string, ReviewItemRow>();
  for (const r of rows) if (!seen.has(r.objectId)) seen.set(r.objectId, r);
  return [...seen.values()];
}

/** The key of a creator's avatar/cover already waiting for review (replaced by a newer upload). */
export async function pendingProfileImage(db: Executor, objectType: 'avatar' | 'cover', creatorId: string) {
  const [row] = await db
    .select({ payload: reviewItems.payload })
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.objectType, objectType),
        eq(reviewItems.objectId, creatorId),
        inArray(reviewItems.state, ['pending', 'escalated']),
      ),
    )
    .limit(1);
  const key = row?.payload.key;
  return typeof key === 'string' ? key : null;
}
