// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { leaveSession } from './private.service';
export { hlsDir } from './streaming.hls';
export { endStream, joinStream, plannedStreamId, searchLive, streamFacts, streamOwner } from './streaming.service';
