// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { blockFactsColumns, notBlockedBy, notCountryBlocked } from './blocks.filters';
export {
  assertNotBlocked,
  assertNotBlockedBy,
  BLOCKED_MESSAGE,
  creatorsBlockingViewer,
  isBlocked,
  type ViewerLocation,
  viewerCountryForDiscovery,
} from './blocks.service';
