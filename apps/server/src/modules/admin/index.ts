// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { type AdminActor, adminActor, inAdminTx, staffActor, toCsv } from './admin.common';
export {
  findModerationTarget,
  type Moderated,
  type ModerationTarget,
  moderate,
  moderatorFor,
  tellCreatorAboutModeration,
} from './admin.content.service';
export { applyUserStatus, setUserStatus } from './admin.users.service';
