// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.

export { appealLink, decisionFromLink, decisionLinkParams } from './decisions.link';
export {
  announceDecision,
  announceDecisions,
  type DecisionInput,
  findDecision,
  groundText,
  kindText,
  liftDecisions,
  presentAppeal,
  presentDecision,
  recordDecision,
  setDecisionState,
  tellNotifierNoAction,
} from './decisions.service';
export { appealUntil, canAppeal } from './decisions.window';
