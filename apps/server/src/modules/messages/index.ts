// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.

export { isSender } from './messages.policy';
export { presentMessage, previewOf } from './messages.presenter';
export {
  checkContent,
  findMessage,
  insertMessages,
  type MessageWithSender,
  markAllDeleted,
  markDeleted,
  mediaByIds,
  messageTypeOf,
  pageFor,
  releaseHeldMessage,
  streamChatHooks,
} from './messages.service';
export { checkText } from './messages.text';
