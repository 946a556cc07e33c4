import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { Viewer } from '../entitlements';

/**
 * A kind of content people can comment on. Content modules register one at boot:
 * feeds now; videos, galleries, products… later, with no change to comments.
 */
export interface CommentTarget {
  /**
   * The object as this viewer may see it; throws 404 (or 403 when blocked) otherwise.
   * `canComment` is false when the viewer may see the card but not the content (locked).
   */
  resolve(
    ctx: Ctx,
    viewer: Viewer | null,
    objectId: string,
    ip?: string,
  ): Promise<{ creatorId: string; canComment: boolean }>;
  /** Keeps the object's own comment count exact; runs inside the comment's transaction. */
  onCount(tx: Executor, objectId: string, delta: number): Promise<void>;
  /** The web path of the object (notifications link there); `/{objectType}/{id}` when absent. */
  link?(objectId: string): string;
}

const targets = new Map<string, CommentTarget>();

export function registerCommentTarget(objectType: string, target: CommentTarget) {
  targets.set(objectType, target);
}

export function commentTarget(objectType: string): CommentTarget | null {
  return targets.get(objectType) ?? null;
}
