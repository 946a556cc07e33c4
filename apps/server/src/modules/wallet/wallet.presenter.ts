import { fromCents, type UserSummary, type WalletCharge } from '@marquee/shared';
import type { WalletChargeRow } from '../../db/schema';
import { profileMediaUrl } from '../users';

export function presentUserSummary(
  u: { id: string; username: string | null; name: string; avatarPath: string | null } | undefined,
): UserSummary | null {
  if (!u) return null;
  return { _id: u.id, username: u.username, name: u.name, avatar: profileMediaUrl(u.avatarPath) };
}

export function presentCharge(
  c: WalletChargeRow,
  performer: Parameters<typeof presentUserSummary>[0] = undefined,
): WalletCharge {
  return {
    _id: c.id,
    type: c.type,
    objectType: c.objectType,
    objectId: c.objectId,
    isRent: c.isRent,
    rentExpiresAt: c.rentExpiresAt?.toISOString() ?? null,
    title: c.title,
    quantity: c.quantity,
    price: fromCents(c.grossCents),
    discount: fromCents(c.discountCents),
    paid: fromCents(c.paidCents),
    message: c.message,
    status: c.status,
    orderId: c.orderId,
    performerId: c.creatorId,
    performer: presentUserSummary(performer),
    createdAt: c.createdAt.toISOString(),
  };
}
