import type { Ctx } from '../../context';
import type { SubscriptionRow } from '../../db/schema';

export interface NewSubscriberEvent {
  subscription: SubscriptionRow;
  creatorId: string;
  fanId: string;
  /** True for a fan's first subscription to this creator (not a renewal, resume or upgrade). */
  firstTime: boolean;
}

type Handler = (ctx: Ctx, e: NewSubscriberEvent) => Promise<void>;
const handlers: Handler[] = [];

/**
 * Other modules react to a new subscriber here, after the subscription has
 * committed. The messaging module registers the creator's automatic welcome
 * message this way (business rules: "A new subscriber receives the creator's
 * automatic welcome message when the creator has set one"):
 *
 *   onNewSubscriber(async (ctx, e) => { if (e.firstTime) await sendWelcomeMessage(ctx, e.creatorId, e.fanId); });
 */
export function onNewSubscriber(handler: Handler): void {
  if (!handlers.includes(handler)) handlers.push(handler);
}

export async function emitNewSubscriber(ctx: Ctx, e: NewSubscriberEvent): Promise<void> {
  for (const h of handlers) {
    await h(ctx, e).catch((err) =>
      ctx.log.error({ err, subscriptionId: e.subscription.id }, 'new-subscriber hook failed'),
    );
  }
}
