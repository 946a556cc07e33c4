import type { ReviewObjectType } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { ReviewItemRow, ReviewState } from '../../db/schema';

/** What the queue shows of one item. */
export interface ReviewSubject {
  title: string;
  text: string;
  priceCents: number | null;
  /** Media ids to show large (in order). */
  mediaIds: string[];
  /** Profile images: stored keys rather than media ids. */
  imageKeys?: string[];
}

/**
 * One publishable type: how its row's `reviewState` is set, what the queue shows of it, and what
 * happens once it is decided (publish, deliver, replace the profile image). Table-driven, like
 * the takedown moderation sources.
 */
export interface ReviewTarget {
  setState(tx: Executor, item: ReviewItemRow, state: ReviewState): Promise<void>;
  load(db: Executor, items: ReviewItemRow[]): Promise<Map<string, ReviewSubject>>;
  onApproved?(ctx: Ctx, item: ReviewItemRow): Promise<void>;
  onRejected?(ctx: Ctx, item: ReviewItemRow): Promise<void>;
  /** Where the creator sees the item (notification link). */
  link?(item: ReviewItemRow): string | null;
}

const targets = new Map<ReviewObjectType, ReviewTarget>();

export function registerReviewTarget(type: ReviewObjectType, target: ReviewTarget) {
  targets.set(type, target);
}

export function reviewTarget(type: ReviewObjectType): ReviewTarget {
  const t = targets.get(type);
  if (!t) throw new Error(`No review target registered for ${type}`);
  return t;
}
