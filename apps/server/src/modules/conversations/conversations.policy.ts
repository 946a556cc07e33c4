import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { BLOCKED_MESSAGE, isBlocked } from '../blocks';
import { subscriptionAccess } from '../entitlements';
import { type AccountFacts, accountFacts } from './conversations.repo';

export interface Viewer {
  id: string;
  role: string;
}

export const FANS_ONLY_MESSAGE_CREATORS = 'You can only send messages to creators';
export const YOU_BLOCKED_MESSAGE = 'You have blocked this fan; unblock them to send messages';
export const ACCOUNT_UNAVAILABLE = 'This account is no longer available';

const isCreator = (a: { role: string }) => a.role === 'performer';

export const subscriptionRequiredMessage = (creator: Pick<AccountFacts, 'displayName' | 'name' | 'username'>) =>
  `Subscribe to ${creator.displayName || creator.name || creator.username || 'this creator'} to send them messages`;

/**
 * Why `viewer` may not write to `peer` in a private conversation, or null.
 * Rules: fans write to creators (and admins), not to other fans; a creator's
 * block stops both directions; a suspended account cannot be written to; a
 * creator may require an active subscription from fans who write to them.
 */
export async function writeRefusal(
  ctx: Pick<Ctx, 'db' | 'now'>,
  viewer: Viewer,
  peer: AccountFacts,
  db: Executor = ctx.db,
): Promise<AppError | null> {
  if (viewer.role === 'admin' || peer.role === 'admin') return null;
  if (peer.status !== 'active') return forbidden(ACCOUNT_UNAVAILABLE);
  if (!isCreator(viewer) && !isCreator(peer)) return forbidden(FANS_ONLY_MESSAGE_CREATORS);
  if (isCreator(peer) && (await isBlocked(ctx, peer.id, viewer.id)))
    return new AppError(403, BLOCKED_MESSAGE, 'BLOCKED');
  if (isCreator(viewer) && (await isBlocked(ctx, viewer.id, peer.id)))
    return new AppError(403, YOU_BLOCKED_MESSAGE, 'YOU_BLOCKED');
  if (isCreator(peer) && !isCreator(viewer) && peer.messageRequiresSubscription) {
    const sub = await subscriptionAccess(db, viewer.id, peer.id, ctx.now());
    if (!sub.active) return new AppError(403, subscriptionRequiredMessage(peer), 'SUBSCRIPTION_REQUIRED');
  }
  return null;
}

/** The account a conversation is opened with (404 when there is none; 400 for oneself). */
export async function peerFor(ctx: Pick<Ctx, 'db'>, viewer: Viewer, peerId: string): Promise<AccountFacts> {
  if (peerId === viewer.id) throw badRequest(msg('error.conversations.withSelf'), 'SELF_CONVERSATION');
  const peer = await accountFacts(ctx.db, peerId);
  if (!peer) throw notFound('User');
  return peer;
}
