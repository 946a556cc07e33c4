import type { Role } from '@marquee/shared';
import type { Executor } from '../../db/client';
import { now } from '../../lib/clock';
import { isAdmin as adminViewer } from '../../plugins/auth';
import { findActive, findOne, type GrantInput, markRevoked, upsertGrant } from './entitlements.repo';

/** A subscription to a creator is an entitlement on the object ('performer', creatorId). */
export const SUBSCRIPTION_OBJECT = 'performer';

export type Visibility = 'free' | 'subscribers' | 'sale';
export interface Viewer {
  id: string;
  role: Role;
  /** Admin "view as" preview only (no such account): answer as a subscriber of this creator would see it. */
  previewSubscriberOf?: string;
}
/** What any protected object tells the access check about itself. */
export interface Protectable {
  objectType: string;
  objectId: string;
  creatorId: string;
  visibility: Visibility;
}
export interface Access {
  canView: boolean;
  isOwner: boolean;
  isSubscribed: boolean;
  /** Bought, or rented and not yet expired. */
  isBought: boolean;
  /** For rents: when access ends. */
  expiresAt: Date | null;
}

const key = (objectType: string, objectId: string) => `${objectType}:${objectId}`;

/**
 * Answers "may this viewer see each of these objects?" with one query for the
 * whole page (no N+1). Rules (business-rules: Access to content): owner and
 * admins see everything; free content is for everyone who can see the profile
 * (blocking is checked by the caller); subscriber content needs an unexpired
 * subscription; for-sale content needs a purchase or an unexpired rent.
 */
export async function accessMap(
  db: Executor,
  viewer: Viewer | null,
  items: Protectable[],
  at: Date = now(),
): Promise<Map<string, Access>> {
  const result = new Map<string, Access>();
  const rows = viewer
    ? await findActive(
        db,
        viewer.id,
        [
          ...items.map((i) => ({ objectType: i.objectType, objectId: i.objectId })),
          ...items.map((i) => ({ objectType: SUBSCRIPTION_OBJECT, objectId: i.creatorId })),
        ],
        at,
      )
    : [];
  const byKey = new Map(rows.map((r) => [key(r.objectType, r.objectId), r]));
  for (const item of items) {
    const isOwner = viewer?.id === item.creatorId;
    const isAdmin = adminViewer(viewer);
    const sub = byKey.get(key(SUBSCRIPTION_OBJECT, item.creatorId));
    const own = byKey.get(key(item.objectType, item.objectId));
    const isSubscribed = Boolean(sub) || viewer?.previewSubscriberOf === item.creatorId;
    const isBought = Boolean(own);
    const canView =
      isOwner ||
      isAdmin ||
      item.visibility === 'free' ||
      (item.visibility === 'subscribers' && (isSubscribed || isBought)) ||
      (item.visibility === 'sale' && isBought);
    result.set(item.objectId, { canView, isOwner, isSubscribed, isBought, expiresAt: own?.expiresAt ?? null });
  }
  return result;
}

export async function access(db: Executor, viewer: Viewer | null, item: Protectable, at?: Date): Promise<Access> {
  return (await accessMap(db, viewer, [item], at)).get(item.objectId)!;
}

export async function canView(db: Executor, viewer: Viewer | null, item: Protectable, at?: Date): Promise<boolean> {
  return (await access(db, viewer, item, at)).canView;
}

/** Active subscription of a fan to a creator, with its end. */
export async function subscriptionAccess(db: Executor, userId: string, creatorId: string, at: Date = now()) {
  const [row] = await findActive(db, userId, [{ objectType: SUBSCRIPTION_OBJECT, objectId: creatorId }], at);
  return row ? { active: true, expiresAt: row.expiresAt } : { active: false, expiresAt: null };
}

/** Writes (or extends, or restores) an entitlement. Call inside the purchase's transaction. */
export function grant(tx: Executor, input: GrantInput) {
  return upsertGrant(tx, input);
}

/** Rent again while a rent runs: the new period starts at the current end. */
export async function grantRent(tx: Executor, input: Omit<GrantInput, 'source' | 'expiresAt'> & { days: number }) {
  const current = await findOne(tx, input.userId, input.objectType, input.objectId);
  const at = now();
  const from = current && !current.revokedAt && current.expiresAt && current.expiresAt > at ? current.expiresAt : at;
  return upsertGrant(tx, { ...input, source: 'rent', expiresAt: new Date(from.getTime() + input.days * 86_400_000) });
}

export function revoke(tx: Executor, userId: string, objectType: string, objectId: string) {
  return markRevoked(tx, { userId, objectType, objectId }, now());
}

/** Ends everything a fan holds from one creator (used when the creator blocks the fan). */
export function revokeAllFromCreator(tx: Executor, userId: string, creatorId: string) {
  return markRevoked(tx, { userId, creatorId }, now());
}

/** Repo functions other modules may call (through this module's index.ts). */
export { activeSubscriberIds, findOne } from './entitlements.repo';
