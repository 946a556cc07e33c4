import { registerPurchasable } from '../wallet';
import { findStream } from './streaming.repo';

/**
 * POST /wallet/charges/stream/{id}: the session fee of a live paid stream,
 * bought once per session (the wallet refuses a second purchase with 409
 * ALREADY_BOUGHT; the entitlement `stream`/id is what join checks).
 */
export function registerStreamPurchasable() {
  registerPurchasable('stream', async (tx, id) => {
    const s = await findStream(tx, id);
    if (s?.status !== 'live' || s.type === 'private') return null;
    return {
      creatorId: s.performerId,
      title: s.title,
      priceCents: s.priceCents,
      forSale: s.priceCents > 0,
      objectType: 'stream',
    };
  });
}
