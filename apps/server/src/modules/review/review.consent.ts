import type { ReviewObjectType } from '@marquee/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type ReleaseRow, releases, reviewItems } from '../../db/schema';
import { reviewTarget } from './review.registry';
import { submitForReview } from './review.service';

/**
 * Consent of everyone depicted (issue 26 item 3): the part of the publication gate that asks
 * whether every person named in an item's files has signed and is verified. A release covers
 * files (media ids) and the item it was named from; a file that carries an incomplete or
 * revoked release keeps every item it is in out of publication, whatever path publishes it.
 */

export const releaseComplete = (r: Pick<ReleaseRow, 'signedAt' | 'identityStatus' | 'revokedAt'>) =>
  !!r.signedAt && r.identityStatus === 'verified' && !r.revokedAt;

export interface ConsentSubject {
  mediaIds?: ReadonlyArray<string | null | undefined>;
  /** The item itself (a gallery when a photo is added to it, an edited item). */
  itemId?: string | null;
}

/** The releases covering these files or this item. */
export async function releasesFor(db: Executor, subject: ConsentSubject): Promise<ReleaseRow[]> {
  const ids = [...new Set((subject.mediaIds ?? []).filter((x): x is string => !!x))];
  const conds = [];
  if (ids.length) conds.push(sql`${releases.mediaIds} && ${sql`array[${sql.join(ids, sql`, `)}]::uuid[]`}`);
  if (subject.itemId) conds.push(sql`${releases.subjectId} = ${subject.itemId}`);
  if (conds.length === 0) return [];
  return db
    .select()
    .from(releases)
    .where(or(...conds));
}

/** Whether some person named in these files or this item has not (or no longer) consented and been verified. */
export async function consentMissing(db: Executor, subject: ConsentSubject): Promise<boolean> {
  return (await releasesFor(db, subject)).some((r) => !releaseComplete(r));
}

export interface ItemRef {
  objectType: ReviewObjectType;
  objectId: string;
  creatorId: string;
  reviewState: string;
  /** The item's title as the queue shows it (filled for the items `holdItems` rejected). */
  title?: string;
}

/** Every publishable item that contains one of these files (or is this item): each path's table. */
export async function itemsWithMedia(db: Executor, mediaIds: string[], itemId?: string): Promise<ItemRef[]> {
  if (mediaIds.length === 0 && !itemId) return [];
  const arr = sql`array[${sql.join(mediaIds.length ? mediaIds : [itemId!], sql`, `)}]::uuid[]`;
  const jsonArr = sql`array[${sql.join(mediaIds.length ? mediaIds : [itemId!], sql`, `)}]::text[]`;
  const item = itemId ?? null;
  const res = await db.execute(sql`
    select 'feed' as object_type, f.id as object_id, f.performer_id as creator_id, f.review_state
      from feeds f where f.id = any(array(select feed_id from feed_files where media_id = any(${arr})))
        or f.teaser_id = any(${arr}) or f.thumbnail_id = any(${arr}) or f.id = ${item}
    union all
    select c.type, c.id, c.creator_id, c.review_state from content_items c
      where c.video_id = any(${arr}) or c.teaser_id = any(${arr}) or c.thumbnail_id = any(${arr})
        or c.file_id = any(${arr}) or c.cover_photo_id = any(${arr}) or c.image_ids ?| ${jsonArr} or c.id = ${item}
    union all
    select 'photo', p.id, p.creator_id, p.review_state from content_photos p where p.media_id = any(${arr})
    union all
    select 'story', s.id, s.performer_id, s.review_state from stories s where s.media_id = any(${arr})
    union all
    select 'message', m.id, m.sender_id, m.review_state from messages m
      where m.id = any(array(select message_id from message_files where media_id = any(${arr}))) or m.id = ${item}
    union all
    select 'mass_message', mm.id, mm.performer_id, mm.review_state from mass_messages mm
      where (mm.file_ids ?| ${jsonArr} or mm.id = ${item}) and mm.status in ('scheduled', 'sending')`);
  const rows = (res as unknown as { rows: Array<Record<string, string>> }).rows;
  return rows.map((r) => ({
    objectType: r.object_type as ReviewObjectType,
    objectId: r.object_id,
    creatorId: r.creator_id,
    reviewState: r.review_state,
  }));
}

/**
 * Takes items back out of publication in the caller's transaction: when a person is named on files
 * already out (`pending`: they wait in the queue until everyone consented and a reviewer approves),
 * or when a person withdraws (`rejected`, reason `no_consent`: a decided row the creator sees).
 */
export async function holdItems(
  ctx: Pick<Ctx, 'now'>,
  tx: Executor,
  items: ItemRef[],
  state: 'pending' | 'rejected',
  note: string,
): Promise<ItemRef[]> {
  const changed: ItemRef[] = [];
  for (const it of items) {
    if (it.reviewState === 'rejected') continue;
    if (state === 'pending') {
      if (it.reviewState === 'pending') continue;
      const ref = { objectType: it.objectType, objectId: it.objectId, creatorId: it.creatorId };
      const row = await submitForReview(ctx, tx, { ...ref, payload: { awaitingConsent: true } });
      await reviewTarget(it.objectType).setState(tx, row, 'pending');
    } else {
      const decided = { state, decidedAt: ctx.now(), reasonCode: 'no_consent', note };
      const open = await tx
        .update(reviewItems)
        .set(decided)
        .where(
          and(
            eq(reviewItems.objectType, it.objectType),
            eq(reviewItems.objectId, it.objectId),
            inArray(reviewItems.state, ['pending', 'escalated']),
          ),
        )
        .returning();
      const row =
        open[0] ??
        (
          await tx
            .insert(reviewItems)
            .values({
              id: newId(),
              objectType: it.objectType,
              objectId: it.objectId,
              creatorId: it.creatorId,
              ...decided,
              payload: { awaitingConsent: true },
              submittedAt: ctx.now(),
            })
            .returning()
        )[0];
      const target = reviewTarget(it.objectType);
      await target.setState(tx, row, state);
      changed.push({ ...it, title: (await target.load(tx, [row])).get(it.objectId)?.title ?? '' });
      continue;
    }
    changed.push(it);
  }
  return changed;
}

/** Where a release stands, as the creator, the queue and the invite page show it. */
export function releaseStatusOf(r: ReleaseRow): 'invited' | 'signed' | 'complete' | 'rejected' | 'revoked' {
  if (r.revokedAt) return 'revoked';
  if (r.identityStatus === 'rejected') return 'rejected';
  if (releaseComplete(r)) return 'complete';
  return r.signedAt ? 'signed' : 'invited';
}

/** A named person as a reviewer sees them beside the item (or a live stream): no more than the check needs. */
export function presentQueueRelease(p: ReleaseRow) {
  return {
    _id: p.id,
    name: p.legalName ?? p.displayName,
    status: releaseStatusOf(p),
    identityStatus: p.identityStatus,
    identityProvider: p.identityProvider,
    documents: p.identityProvider === 'manual' ? p.idDocumentKeys.length : 0,
    dateOfBirth: p.dateOfBirth,
    signedAt: p.signedAt?.toISOString() ?? null,
  };
}
