import { type Actor, isAdmin } from '../../plugins/auth';

/** Who cancels a fan's subscription besides the fan: admins (a creator blocks the fan instead). */
export const canCancelForFans = (actor: Pick<Actor, 'role'>) => isAdmin(actor);

/** The fan of a subscription (who cancels its renewal). */
export const isSubscriber = (actor: Pick<Actor, 'id'>, s: { userId: string }) => actor.id === s.userId;

/** The creator a subscription is to. */
export const isSubscribedCreator = (actor: Pick<Actor, 'id'>, s: { creatorId: string }) => actor.id === s.creatorId;
