import { isTakenDown } from '../../db/moderation';
import { isApproved } from '../../db/review';
import type { ContentItemRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isAdmin, ownsOrAdmin } from '../../plugins/auth';
import type { Viewer } from '../entitlements';
import type { ContentKind } from './content.kinds';

/** Who may manage an item: its creator, or an admin. Anyone else gets the same 404 as a missing item. */
export function assertCanManage<T extends Pick<ContentItemRow, 'creatorId'>>(
  kind: ContentKind,
  actor: Viewer,
  row: T | null,
): T {
  if (!row || !ownsOrAdmin(actor, row.creatorId)) throw notFound(kind.label);
  return row;
}

/**
 * Fans see only active items whose publish date has passed; the creator sees their own
 * in any status; an item an admin took down is hidden from everyone but admins; an item waiting
 * for review (or rejected) reaches nobody but its creator and admins.
 */
export function isListedFor(
  viewer: Viewer | null,
  row: Pick<ContentItemRow, 'creatorId' | 'status' | 'publishedAt' | 'takenDownAt' | 'reviewState'>,
  at: Date,
) {
  if (isAdmin(viewer)) return true;
  if (isTakenDown(row)) return false;
  if (viewer && viewer.id === row.creatorId) return true;
  return row.status === 'active' && isApproved(row) && row.publishedAt !== null && row.publishedAt <= at;
}

/** Who lists another creator's own items (any status) by `performerId`: admins; a creator sees their own. */
export const canListAnyCreator = (actor: Viewer) => isAdmin(actor);
