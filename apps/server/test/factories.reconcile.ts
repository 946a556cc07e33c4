import type { GatewayName } from '@marquee/shared/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../src/app-type';
import { newId } from '../src/db/ids';
import { webhookEvents } from '../src/db/schema';
import { clearing, platform, post } from '../src/modules/ledger/ledger.service';
import { insertPayment } from '../src/modules/payments/payments.repo';

/** A sale the ledger booked on the processor's clearing account that the processor never reported. */
export function bookUnreportedSale(app: App, gateway: GatewayName, userId: string, cents: number) {
  return app.ctx.db.transaction(async (tx) => {
    const p = await insertPayment(tx, {
      id: newId(),
      userId,
      gateway,
      amountCents: cents,
      chargedCents: cents,
      currency: 'USD',
      status: 'succeeded',
    });
    const posted = await post(tx, {
      kind: 'topup',
      reference: `payment:${p.id}`,
      entries: [
        { account: clearing(gateway), amount: -cents },
        { account: platform, amount: cents },
      ],
    });
    await tx.execute(sql`update payments set ledger_transaction_id = ${posted.transactionId} where id = ${p.id}`);
    return p;
  });
}

/** A stored postback reporting a sale of `paymentId` the ledger never booked. */
export function storeUnbookedSale(
  app: App,
  gateway: GatewayName,
  paymentId: string,
  eventId: string,
  payload: Record<string, string>,
) {
  return app.ctx.db.insert(webhookEvents).values({
    id: newId(),
    gateway,
    eventId,
    type: 'payment.succeeded',
    payload,
    result: 'credited',
    paymentId,
  });
}

/** Changes one field of the stored sale postback of a payment (what the processor reported). */
export async function alterStoredSale(app: App, paymentId: string, field: string, value: string) {
  const [e] = await app.ctx.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.paymentId, paymentId), eq(webhookEvents.type, 'payment.succeeded')));
  await app.ctx.db
    .update(webhookEvents)
    .set({ payload: sql`jsonb_set(${webhookEvents.payload}, ${`{${field}}`}::text[], to_jsonb(${value}::text))` })
    .where(eq(webhookEvents.id, e.id));
}
