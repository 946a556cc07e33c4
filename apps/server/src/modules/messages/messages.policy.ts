import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who deletes a message of a conversation: its sender or an admin. */
export const canDeleteMessage = (viewer: Actor, message: { senderId: string }) => ownsOrAdmin(viewer, message.senderId);

/** The message's sender: sees their own paid message's files without paying. */
export const isSender = (viewer: Pick<Actor, 'id'>, message: { senderId: string }) => viewer.id === message.senderId;
