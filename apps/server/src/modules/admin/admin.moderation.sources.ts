import type { ModeratedType } from '@marquee/shared';
import { type Column, sql } from 'drizzle-orm';
import type { ModerationRow, ModerationSource, ModerationTarget } from '../../lib/moderation';
import { commentModeration } from '../comments';
import { contentModeration } from '../content';
import { feedModeration } from '../feeds';
import { photoModeration } from '../photos';
import { storyModeration } from '../stories';

export type { ModerationSource, ModerationTarget } from '../../lib/moderation';

/** Every moderated type, each described by the module that owns it (its `*.moderation.ts`). */
export const MODERATION_SOURCES: Record<ModeratedType, ModerationSource> = {
  feed: feedModeration,
  video: contentModeration('video'),
  gallery: contentModeration('gallery'),
  product: contentModeration('product'),
  reel: contentModeration('reel'),
  scene: contentModeration('scene'),
  scenario: contentModeration('scenario'),
  photo: photoModeration,
  story: storyModeration,
  comment: commentModeration,
};

export function toTarget(src: ModerationSource, r: ModerationRow): ModerationTarget {
  return {
    ...src.target(r),
    id: r.id,
    takenDown: r.takenDownAt !== null,
    takedownReason: r.takedownReason,
    createdAt: r.createdAt as Date,
  };
}

/** `ilike` pattern for a user's search text (wildcards escaped). */
export const likePattern = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
export const ilikeOf = (col: Column, q: string) => sql`${col} ilike ${likePattern(q)}`;
