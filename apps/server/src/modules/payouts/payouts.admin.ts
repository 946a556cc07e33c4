import type { PayoutRequest } from '@marquee/shared';
import type { Ctx } from '../../context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { stripeGateway } from '../../lib/payments';
import { type AdminActor, inAdminTx } from '../admin';
import { gatewayAccount } from '../payments';
import { type MethodDetails, open } from './payouts.details';
import { presentRequest } from './payouts.presenter';
import { findRequest } from './payouts.repo';
import { approveTx, markPaidTx, rejectTx, tellCreator } from './payouts.service';

/** The admin's review use cases: each change and its audit row in one transaction, the creator told after commit. */
export async function approveRequest(ctx: Ctx, actor: AdminActor, id: string, note?: string): Promise<PayoutRequest> {
  const s = await ctx.settings.all();
  const { change, row } = await inAdminTx(ctx, actor, (_c, tx, record) =>
    approveTx(ctx, { tx, s, actorId: actor.user.id, record }, id, note),
  );
  if (change) await tellCreator(ctx, change);
  if (row.method === 'stripe') return payByStripe(ctx, actor, id);
  return presentRequest(ctx, ctx.db, (await findRequest(ctx.db, id))!, { reveal: true });
}

/**
 * Stripe Connect: one transfer to the creator's connected account, idempotency
 * key = the request id (a retried approval can never send a second transfer),
 * then the request is marked paid with the transfer id. A failed transfer
 * leaves the request approved (502); approving again retries it.
 */
async function payByStripe(ctx: Ctx, actor: AdminActor, id: string): Promise<PayoutRequest> {
  const row = await findRequest(ctx.db, id);
  if (!row) throw notFound('Payout request');
  const details = open<MethodDetails>(ctx, row.detailsSealed);
  const account = await gatewayAccount(ctx.db, row.creatorId, 'stripe', 'connect');
  const destination = details?.method === 'stripe' ? details.accountId : account?.externalId;
  if (!destination || !account?.payoutsEnabled || account.externalId !== destination)
    throw conflict(msg('error.payouts.stripeDisabled'), 'STRIPE_PAYOUTS_DISABLED');
  const currency = (await ctx.settings.get('currency')).toLowerCase();
  let transferId: string;
  try {
    const t = await stripeGateway(ctx.config).stripe.transfers.create(
      { amount: row.amountCents, currency, destination, metadata: { payoutRequestId: id, creatorId: row.creatorId } },
      { idempotencyKey: id },
    );
    transferId = t.id;
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.warn({ err, payoutRequestId: id }, 'stripe transfer failed');
    throw new AppError(502, `The Stripe transfer failed: ${(err as Error).message}`, 'PAYOUT_TRANSFER_FAILED');
  }
  const s = await ctx.settings.all();
  const change = await inAdminTx(ctx, actor, (_c, tx, record) =>
    markPaidTx(ctx, { tx, s, actorId: actor.user.id, record }, id, { reference: transferId, via: 'stripe' }),
  );
  if (change) await tellCreator(ctx, change);
  return presentRequest(ctx, ctx.db, (await findRequest(ctx.db, id))!, { reveal: true });
}

export async function rejectRequest(ctx: Ctx, actor: AdminActor, id: string, note: string): Promise<PayoutRequest> {
  const s = await ctx.settings.all();
  const change = await inAdminTx(ctx, actor, (_c, tx, record) =>
    rejectTx(ctx, { tx, s, actorId: actor.user.id, record }, id, note),
  );
  await tellCreator(ctx, change);
  return presentRequest(ctx, ctx.db, change.row, { reveal: true });
}

export async function markPaid(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  body: { reference: string; note?: string },
): Promise<PayoutRequest> {
  const s = await ctx.settings.all();
  const change = await inAdminTx(ctx, actor, (_c, tx, record) =>
    markPaidTx(ctx, { tx, s, actorId: actor.user.id, record }, id, { ...body, via: 'admin' }),
  );
  if (change) await tellCreator(ctx, change);
  return presentRequest(ctx, ctx.db, (await findRequest(ctx.db, id))!, { reveal: true });
}
