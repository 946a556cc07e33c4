import type { ContentItemRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Viewer } from '../entitlements/entitlements.service';
import type { ContentKind } from './content.kinds';

/** Who may manage an item: its creator, or an admin. Anyone else gets the same 404 as a missing item. */
export function assertCanManage<T extends Pick<ContentItemRow, 'creatorId'>>(
  kind: ContentKind,
  actor: Viewer,
  row: T | null,
): T {
  if (!row || (row.creatorId !== actor.id && actor.role !== 'admin')) throw notFound(kind.label);
  return row;
}

/** Fans see only active items whose publish date has passed; the creator and admins see everything. */
export function isListedFor(
  viewer: Viewer | null,
  row: Pick<ContentItemRow, 'creatorId' | 'status' | 'publishedAt'>,
  at: Date,
) {
  if (viewer && (viewer.id === row.creatorId || viewer.role === 'admin')) return true;
  return row.status === 'active' && row.publishedAt !== null && row.publishedAt <= at;
}
