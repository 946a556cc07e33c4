// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { type ChargeRequest, chargeInTx, chargeWallet, notifyCharge, quoteCharge, walletPay } from './charges.service';
export { type PurchasableType, registerPurchasable } from './purchasables';
export { assertMayPurchase } from './purchase-guard';
export { refundCharge, reverseChargeInTx } from './refunds.service';
export { presentCharge, presentUserSummary } from './wallet.presenter';
export { lockWallet, platformFundedCents, walletBalance } from './wallet.service';
