import { fromCents, type Subscription } from '@marquee/shared';
import type { SubscriptionRow } from '../../db/schema';
import { avatarUrl } from '../users';

export interface Party {
  id: string;
  username: string | null;
  name: string;
  avatarPath: string | null;
}

const summary = (p: Party | null | undefined) =>
  p ? { _id: p.id, username: p.username, name: p.name, avatar: avatarUrl(p) } : null;

/** A subscription as the fan or the creator sees it; `at` decides whether access runs now. */
export function presentSubscription(
  row: SubscriptionRow,
  at: Date,
  parties: { user?: Party | null; performer?: Party | null } = {},
): Subscription {
  const end = row.currentPeriodEnd;
  const live = row.status === 'active' || row.status === 'cancelled';
  const isActive = Boolean(live && end && end > at);
  return {
    _id: row.id,
    userId: row.userId,
    performerId: row.creatorId,
    user: summary(parties.user),
    performer: summary(parties.performer),
    subscriptionType: row.type,
    status: row.status,
    paymentMethod: row.paymentMethod,
    autoRenew: row.autoRenew,
    isActive,
    startedAt: row.startedAt?.toISOString() ?? null,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    expiredAt: end?.toISOString() ?? null,
    renewsAt: row.status === 'active' && row.autoRenew && end ? end.toISOString() : null,
    price: fromCents(row.renewalPriceCents),
    lastPaid: fromCents(row.lastPaidCents),
    totalPaid: fromCents(row.totalPaidCents),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    endReason: row.endReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How a notice names the creator (or the fan): display name, name, else @username. */
export function creatorName(c: { displayName?: string | null; name: string; username: string | null }) {
  return c.displayName || c.name || (c.username ? `@${c.username}` : 'this creator');
}
