// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): nobody calls this module (its routes are mounted in modules/index.ts).
export {};
