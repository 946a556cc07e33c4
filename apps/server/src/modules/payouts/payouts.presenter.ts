import { fromCents, type PayoutRequest } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { PayoutRequestRow } from '../../db/schema';
import { type MethodDetails, open, presentDetails } from './payouts.details';
import { eventsOf, people } from './payouts.repo';

/**
 * Requests as the API shows them, with their history. Method details are masked
 * unless `reveal` (the admin detail view only).
 */
export async function presentRequests(
  ctx: Pick<Ctx, 'config'>,
  db: Executor,
  rows: PayoutRequestRow[],
  o: { reveal?: boolean } = {},
): Promise<PayoutRequest[]> {
  const [events, who] = await Promise.all([
    eventsOf(
      db,
      rows.map((r) => r.id),
    ),
    people(
      db,
      rows.map((r) => r.creatorId),
    ),
  ]);
  return rows.map((r) => ({
    _id: r.id,
    performerId: r.creatorId,
    performer: who.get(r.creatorId) ?? null,
    amount: fromCents(r.amountCents),
    paymentAccountType: r.method,
    paymentAccountInfo: presentDetails(open<MethodDetails>(ctx, r.detailsSealed), Boolean(o.reveal)),
    status: r.status,
    requestNote: r.requestNote,
    adminNote: r.adminNote,
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    history: events
      .filter((e) => e.requestId === r.id)
      .map((e) => ({
        status: e.status,
        action: e.action,
        note: e.note,
        by: e.by,
        createdAt: e.createdAt.toISOString(),
      })),
  }));
}

export async function presentRequest(
  ctx: Pick<Ctx, 'config'>,
  db: Executor,
  row: PayoutRequestRow,
  o: { reveal?: boolean } = {},
): Promise<PayoutRequest> {
  const [p] = await presentRequests(ctx, db, [row], o);
  return p;
}
