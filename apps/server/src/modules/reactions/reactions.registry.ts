import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';

export type ReactionAction = 'like' | 'bookmark';
export type ReactionCtx = Pick<Ctx, 'db' | 'settings' | 'now'>;
export interface ReactionViewer {
  id: string;
  role: string;
}

/**
 * A kind of object fans can like or bookmark. Content modules register one
 * (`registerReactionTarget({ objectType: 'feed', plural: 'feeds', … })`) and get
 * POST/DELETE /reactions and GET /reactions/{plural}/bookmark for free.
 */
export interface ReactionTarget {
  /** Stored in reactions.object_type, sent by clients as objectType: 'performer', 'feed', 'video'… */
  objectType: string;
  /** The URL segment of GET /reactions/{plural}/bookmark: 'performers', 'feeds'… */
  plural: string;
  /** The creator owning each existing object among `ids` (missing = no such object). */
  owners(ctx: ReactionCtx, ids: string[]): Promise<Map<string, string>>;
  /** Presents objects for lists (bookmarks, trending), in any order; hidden ones are left out. */
  present?(ctx: ReactionCtx, viewer: ReactionViewer | null, ids: string[]): Promise<Array<{ _id: string }>>;
  /**
   * The SQL form of "present() shows it" for an object id column: bookmark lists put it in the WHERE
   * of their rows and their count, so a hidden object is neither listed nor counted (issue 23 item 18).
   */
  listedWhere?(objectId: AnyPgColumn, viewer: ReactionViewer | null, at: Date): SQL;
  /** Keeps a denormalised counter in step, inside the reaction's transaction. */
  onCountChange?(tx: Executor, objectId: string, action: ReactionAction, delta: 1 | -1): Promise<void>;
}

const targets = new Map<string, ReactionTarget>();

export function registerReactionTarget(target: ReactionTarget) {
  targets.set(target.objectType, target);
}

export function reactionTarget(objectType: string): ReactionTarget | undefined {
  return targets.get(objectType);
}

export function reactionTargetByPlural(plural: string): ReactionTarget | undefined {
  for (const t of targets.values()) if (t.plural === plural) return t;
  return undefined;
}

export function listReactionTargets(): ReactionTarget[] {
  return [...targets.values()];
}
