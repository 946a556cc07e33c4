import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who deletes a message of a conversation: its sender or an admin. */
export const canDeleteMessage = (viewer: Actor, message: { senderId: string }) => ownsOrAdmin(viewer, message.senderId);
