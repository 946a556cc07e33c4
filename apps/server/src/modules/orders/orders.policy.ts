import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who sees an order: the buyer, the seller, an admin. */
export const canSeeOrder = (viewer: Actor, o: { userId: string; creatorId: string }) =>
  viewer.id === o.userId || ownsOrAdmin(viewer, o.creatorId);

/** Who moves an order along (shipping, delivered): the seller or an admin. */
export const canChangeOrderStatus = (viewer: Actor, o: { creatorId: string }) => ownsOrAdmin(viewer, o.creatorId);

/** Who changes an order's delivery address: its buyer. */
export const isOrderBuyer = (viewer: Actor, o: { userId: string }) => viewer.id === o.userId;
