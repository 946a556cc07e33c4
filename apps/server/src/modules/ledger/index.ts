// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { COUPON_FUNDING, creditEarnings } from './credit-earnings';
export {
  type AccountRef,
  accountSpec,
  balanceOf,
  clearing,
  earningsAccount,
  ensureAccounts,
  entriesOf,
  findReversal,
  findTransactionByReference,
  lockForPosting,
  platform,
  post,
  referralAccount,
  refOf,
  reserveAccount,
  reverse,
  transfer,
  wallet,
} from './ledger.service';
