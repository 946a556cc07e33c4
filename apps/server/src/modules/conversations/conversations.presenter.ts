import type { Conversation } from '@marquee/shared';
import { BLOCKED_MESSAGE } from '../blocks';
import { presentUserBrief } from '../users';
import { ACCOUNT_UNAVAILABLE, YOU_BLOCKED_MESSAGE } from './conversations.policy';
import type { ConversationListRow } from './conversations.repo';

/** Why a conversation cannot be written to (the viewer can still read it), or null. */
function inactiveReason(row: ConversationListRow): string | null {
  if (row.conversation.type !== 'private') return null;
  if (!row.peer) return ACCOUNT_UNAVAILABLE;
  if (row.peer.status !== 'active') return ACCOUNT_UNAVAILABLE;
  if (row.blockedByPeer) return BLOCKED_MESSAGE;
  if (row.blockedPeer) return YOU_BLOCKED_MESSAGE;
  return null;
}

/** A conversation as one member sees it: the other party, the last message and their own unread count. */
export function presentConversation(row: ConversationListRow): Conversation {
  const c = row.conversation;
  const reason = inactiveReason(row);
  return {
    _id: c.id,
    type: c.type,
    streamId: c.streamId,
    recipient: row.peer ? presentUserBrief(row.peer) : null,
    lastMessage: c.lastMessageText,
    lastMessageSenderId: c.lastSenderId,
    lastMessageCreatedAt: c.lastMessageAt?.toISOString() ?? null,
    totalNotSeenMessages: row.unreadCount,
    isActive: reason === null,
    inactiveReason: reason,
    createdAt: c.createdAt.toISOString(),
    updatedAt: row.sortAt.toISOString(),
  };
}
