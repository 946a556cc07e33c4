// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.

export { RECORD_TABLES, retainRecordsOnErasure } from './releases.retention';
export { presentRelease } from './releases.service';
