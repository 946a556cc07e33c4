/**
 * The wallet's face to other modules: balance reads and the row lock a movement takes.
 * Charges and refunds live in charges.service.ts and refunds.service.ts.
 */
export { lockWallet, platformFundedCents, walletBalance } from './wallet.repo';
