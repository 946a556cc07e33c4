// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { peerFor, type Viewer, writeRefusal } from './conversations.policy';
export {
  accountFacts,
  findConversation,
  findMembers,
  forgetUnread,
  memberConversation,
  oneForUser,
  pairKeyOf,
  presentConversation,
  readAll,
  recordMessage,
  unreadTotal,
  unreadTotals,
} from './conversations.service';
