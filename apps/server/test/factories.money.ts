import type { App } from '../src/app';
import { clearing, transfer, wallet } from '../src/modules/ledger/ledger.service';

/**
 * Puts tokens in a fan's wallet the way a confirmed sandbox top-up does
 * (gateway clearing → wallet, one balanced ledger transaction).
 */
export async function fundWallet(app: App, userId: string, cents: number) {
  await app.ctx.db.transaction((tx) =>
    transfer(tx, {
      from: clearing('sandbox'),
      to: wallet(userId),
      amountCents: cents,
      kind: 'topup',
      reference: 'test:fund',
    }),
  );
}
