// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { ageOn, assertAdult, isOfAge } from './age';
export { assertCanGoLive, assertCanSell, assertCreatorCanEarn, canEarn, canEarnCondition } from './earning-policy';
export {
  assertCanManagePerformer,
  findPerformer,
  listDocuments,
  receiveDocuments,
  storeDocuments,
  updatePerformerRow,
  uploadProfileImage,
} from './performers.service';
