// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.

export {
  consentMissing,
  holdItems,
  itemsWithMedia,
  presentQueueRelease,
  releaseComplete,
  releaseStatusOf,
  releasesFor,
} from './review.consent';
export {
  gateNewItem,
  pendingProfileImage,
  publicationGate,
  reverseRejection,
  submitForReview,
} from './review.service';
