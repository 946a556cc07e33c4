// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.

export {
  accountExists,
  chargebackSummary,
  clearChargebackHold,
  gatewayRatios,
  monthOf,
  monthRange,
} from './chargebacks';
export {
  deliverPendingSandboxCharges,
  endRecurringNow,
  insertPurposePayment,
  insertSandboxCharge,
  latestSucceededPayment,
  openCheckout,
  setRecurringCancelled,
} from './checkout';
export { findPayment, gatewayAccount } from './payments.service';
export { type PaymentPurpose, type PurposeEvent, registerPaymentPurpose } from './purposes';
export { type ReversalStatus, reverseCardCredit } from './reversal';
