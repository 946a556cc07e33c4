import { type Actor, isAdmin } from '../../plugins/auth';

/** Who downloads a digital product's file: its creator, a buyer, an admin. */
export const canDownload = (viewer: Actor, access: { isOwner: boolean; isBought: boolean }) =>
  access.isOwner || access.isBought || isAdmin(viewer);
