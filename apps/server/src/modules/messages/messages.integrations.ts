import { and, eq } from 'drizzle-orm';
import { conversationMembers, messages } from '../../db/schema';
import { registerPurchasable } from '../wallet';
import { MESSAGE_OBJECT, previewOf } from './messages.presenter';

/**
 * POST /wallet/charges/message/{id} unlocks a pay-per-view message: only a member
 * of its conversation may buy it (others get 404), never a deleted one.
 */
export function registerMessagePurchasable() {
  registerPurchasable('message', async (tx, id, viewerId) => {
    const [row] = await tx
      .select({ message: messages })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, viewerId)),
      )
      .where(eq(messages.id, id));
    if (!row || row.message.isDeleted) return null;
    const m = row.message;
    return {
      creatorId: m.senderId,
      title: `Message: ${previewOf(m).slice(0, 50)}`,
      priceCents: m.priceCents,
      forSale: m.priceCents > 0,
      objectType: MESSAGE_OBJECT,
    };
  });
}
