// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { KINDS } from './content.kinds';
export { dropMedia, loadMedia, present } from './content.media';
export { contentModeration } from './content.moderation';
export { assertCanManage } from './content.policy';
export { protectable } from './content.presenter';
export { registerKindRoutes, viewerOf } from './content.routes';
export { findItem, listCategories, resolvePerformerId, sitemapItems } from './content.service';
