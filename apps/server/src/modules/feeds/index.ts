// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.

export { feedModeration } from './feeds.moderation';
export { avatarUrl, presentFeeds } from './feeds.presenter';
export { creatorFeeds, findFeed, followedCreatorIds, performerSummaries, publishApproved } from './feeds.service';
