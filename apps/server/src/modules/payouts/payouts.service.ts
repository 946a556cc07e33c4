import {
  type CreatePayoutRequest,
  formatMoney,
  fromCents,
  type PayoutCalculation,
  type PayoutMethod,
  type PayoutRequest,
  toCents,
} from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import type { PayoutRequestRow } from '../../db/schema';
import { addDays } from '../../lib/clock';
import { AppError, appError, conflict, notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/i18n';
import { payoutMethodWord } from '../../lib/i18n/words';
import {
  accountSpec,
  balanceOf,
  clearing,
  earningsAccount,
  ensureAccounts,
  lockForPosting,
  reserveAccount,
  transfer,
} from '../ledger';
import { notify } from '../notifications';
import { assertCreatorCanEarn, canEarn } from '../performers';
import type { SiteSettings } from '../settings';
import { detailsFor, type MethodDetails, seal } from './payouts.details';
import { presentRequest } from './payouts.presenter';
import {
  earnedCents,
  findOpenRequest,
  findRequest,
  heldCents,
  insertEvent,
  insertRequest,
  lockRequest,
  paidOutCents,
  updateRequest,
} from './payouts.repo';

export interface Position {
  earningsCents: number;
  reservedCents: number;
  heldCents: number;
  availableCents: number;
  owedCents: number;
}

/**
 * Locks the creator's earnings and reserve accounts (creating them when missing)
 * in the ledger's global lock order, so concurrent payout requests, edits and
 * earnings of one creator run one after another and read balances that hold.
 */
async function lockCreatorAccounts(tx: Executor, creatorId: string) {
  const ids = await ensureAccounts(tx, [
    accountSpec(earningsAccount(creatorId)),
    accountSpec(reserveAccount(creatorId)),
  ]);
  const rows = await lockForPosting(tx, [], [...ids.values()]);
  const bal = (key: string) => rows.find((r) => r.key === key)?.balance ?? 0;
  return { earnings: bal(`earnings:${creatorId}`), reserve: bal(`reserve:${creatorId}`) };
}

/**
 * Where a creator's money stands: the earnings account holds everything earned
 * and not reserved (it goes negative when a refund or chargeback came after a
 * payout); earnings younger than the hold period are not available yet.
 */
export async function position(
  db: Executor,
  creatorId: string,
  s: SiteSettings,
  now: Date,
  locked?: { earnings: number; reserve: number },
): Promise<Position> {
  const balances = locked ?? {
    earnings: await balanceOf(db, earningsAccount(creatorId)),
    reserve: await balanceOf(db, reserveAccount(creatorId)),
  };
  const held = await heldCents(db, creatorId, addDays(now, -s.payoutHoldDays));
  const e = balances.earnings;
  return {
    earningsCents: e,
    reservedCents: balances.reserve,
    heldCents: Math.min(held, Math.max(0, e)),
    availableCents: Math.max(0, e - held),
    owedCents: Math.max(0, -e),
  };
}

export async function calculate(
  ctx: Ctx,
  creatorId: string,
  range: { fromDate?: Date; toDate?: Date } = {},
): Promise<PayoutCalculation> {
  const s = await ctx.settings.all();
  const ranged = Boolean(range.fromDate || range.toDate);
  const [pos, paidOut, earnedInRange] = await Promise.all([
    position(ctx.db, creatorId, s, ctx.now()),
    paidOutCents(ctx.db, creatorId, range.fromDate, range.toDate),
    ranged ? earnedCents(ctx.db, creatorId, range.fromDate, range.toDate) : Promise.resolve(0),
  ]);
  const totalEarned = ranged ? earnedInRange : pos.earningsCents + pos.reservedCents + paidOut;
  return {
    totalEarned: fromCents(totalEarned),
    paidOut: fromCents(paidOut),
    pending: fromCents(pos.reservedCents),
    onHold: fromCents(pos.heldCents),
    available: fromCents(pos.availableCents),
    owed: fromCents(pos.owedCents),
    minimumPayout: s.minimumPayoutAmount,
    holdDays: s.payoutHoldDays,
    currency: s.currency,
  };
}

export async function pendingReview(ctx: Ctx, creatorId: string) {
  const s = await ctx.settings.all();
  const [open, pos, earns] = await Promise.all([
    findOpenRequest(ctx.db, creatorId),
    position(ctx.db, creatorId, s, ctx.now()),
    canEarn(ctx.db, creatorId),
  ]);
  const reason = open
    ? 'You already have a payout request under review'
    : !earns
      ? 'Verify your identity to request payouts'
      : pos.availableCents < toCents(s.minimumPayoutAmount)
        ? `The minimum payout is ${formatMoney(toCents(s.minimumPayoutAmount), s.currency)}`
        : null;
  return { hasPending: Boolean(open), canRequest: reason === null, pendingRequestId: open?.id ?? null, reason };
}

function checkAmount(s: SiteSettings, amountCents: number) {
  const min = toCents(s.minimumPayoutAmount);
  if (amountCents < min)
    throw new AppError(422, `The minimum payout is ${formatMoney(min, s.currency)}`, 'PAYOUT_BELOW_MINIMUM', [
      { field: 'amount', message: `The minimum payout is ${formatMoney(min, s.currency)}` },
    ]);
}
const overAvailable = () =>
  appError(422, 'INSUFFICIENT_EARNINGS', msg('error.insufficientEarnings'), [
    { field: 'amount', message: 'The amount is more than your available earnings' },
  ]);

type Change = { row: PayoutRequestRow; title: Message; body: Message };

/** After commit: the creator is told (in-app + mail through notify, and the request itself in realtime). */
async function tell(ctx: Ctx, c: Change) {
  const presented = await presentRequest(ctx, ctx.db, c.row);
  ctx.realtime.toUser(c.row.creatorId, 'payout/updated', presented);
  await notify(ctx, c.row.creatorId, {
    kind: 'payout',
    title: c.title,
    body: c.body,
    link: '/creator/payouts',
    data: { payoutRequestId: c.row.id, status: c.row.status },
  }).catch((err) => ctx.log.error({ err }, 'payout notification failed'));
  return presented;
}

const amountText = (s: SiteSettings, cents: number) => formatMoney(cents, s.currency);

/**
 * POST /payout-requests: a verified creator asks for (part of) their available
 * earnings. In one transaction: the creator's accounts are locked, the rules
 * checked, the request inserted (the partial unique index allows one open
 * request) and the amount moved earnings → reserve, so it can be neither
 * requested twice nor taken by a refund.
 */
export async function createRequest(ctx: Ctx, creatorId: string, body: CreatePayoutRequest): Promise<PayoutRequest> {
  const s = await ctx.settings.all();
  const amountCents = toCents(body.amount);
  checkAmount(s, amountCents);
  const details = await detailsFor(ctx, ctx.db, creatorId, body.paymentAccountType);
  const row = await ctx.db.transaction(async (tx) => {
    await assertCreatorCanEarn(tx, creatorId);
    const balances = await lockCreatorAccounts(tx, creatorId);
    if (await findOpenRequest(tx, creatorId)) throw pendingConflict();
    const pos = await position(tx, creatorId, s, ctx.now(), balances);
    if (amountCents > pos.availableCents) throw overAvailable();
    const at = ctx.now();
    const inserted = await insertRequest(tx, {
      id: newId(),
      creatorId,
      amountCents,
      method: body.paymentAccountType,
      detailsSealed: seal(ctx, details),
      requestNote: body.requestNote || null,
      createdAt: at,
      updatedAt: at,
    });
    if (!inserted) throw pendingConflict();
    await insertEvent(tx, {
      requestId: inserted.id,
      action: 'created',
      status: 'pending',
      actorId: creatorId,
      by: 'creator',
      note: body.requestNote || null,
      at,
    });
    await transfer(tx, {
      from: earningsAccount(creatorId),
      to: reserveAccount(creatorId),
      amountCents,
      kind: 'payout_request',
      reference: `payout:${inserted.id}`,
    });
    return inserted;
  });
  return tell(ctx, {
    row,
    title: msg('notify.payout.requested'),
    body: msg('notify.payout.requestedBody', {
      amount: amountText(s, amountCents),
      method: payoutMethodWord(row.method),
    }),
  });
}

const pendingConflict = () => conflict(msg('error.payouts.pending'), 'PAYOUT_PENDING');

/** PUT /payout-requests/{id}: the creator edits a pending request (checks again, the reservation follows) or cancels it. */
export async function updateByCreator(
  ctx: Ctx,
  creatorId: string,
  id: string,
  body: { status?: 'cancelled'; amount?: number; paymentAccountType?: PayoutMethod; requestNote?: string },
): Promise<PayoutRequest> {
  const s = await ctx.settings.all();
  const cancel = body.status === 'cancelled';
  const newAmount = body.amount === undefined ? undefined : toCents(body.amount);
  if (!cancel && newAmount !== undefined) checkAmount(s, newAmount);
  const details: MethodDetails | null =
    !cancel && body.paymentAccountType ? await detailsFor(ctx, ctx.db, creatorId, body.paymentAccountType) : null;
  const change = await ctx.db.transaction(async (tx): Promise<Change> => {
    const balances = await lockCreatorAccounts(tx, creatorId);
    const row = await lockRequest(tx, id);
    if (!row || row.creatorId !== creatorId) throw notFound('Payout request');
    if (row.status !== 'pending') throw conflict(msg('error.payouts.onlyPendingChanges'), 'PAYOUT_NOT_PENDING');
    const at = ctx.now();
    if (cancel) {
      await transfer(tx, {
        from: reserveAccount(creatorId),
        to: earningsAccount(creatorId),
        amountCents: row.amountCents,
        kind: 'payout_release',
        reference: `payout:${id}`,
      });
      const updated = await updateRequest(tx, id, { status: 'cancelled', updatedAt: at });
      await insertEvent(tx, {
        requestId: id,
        action: 'cancelled',
        status: 'cancelled',
        actorId: creatorId,
        by: 'creator',
        at,
      });
      return {
        row: updated,
        title: msg('notify.payout.cancelled'),
        body: msg('notify.payout.cancelledBody', { amount: amountText(s, row.amountCents) }),
      };
    }
    await assertCreatorCanEarn(tx, creatorId);
    const amountCents = newAmount ?? row.amountCents;
    const delta = amountCents - row.amountCents;
    if (delta > 0) {
      const pos = await position(tx, creatorId, s, ctx.now(), balances);
      if (delta > pos.availableCents) throw overAvailable();
      await transfer(tx, {
        from: earningsAccount(creatorId),
        to: reserveAccount(creatorId),
        amountCents: delta,
        kind: 'payout_request',
        reference: `payout:${id}`,
      });
    } else if (delta < 0) {
      await transfer(tx, {
        from: reserveAccount(creatorId),
        to: earningsAccount(creatorId),
        amountCents: -delta,
        kind: 'payout_release',
        reference: `payout:${id}`,
      });
    }
    const updated = await updateRequest(tx, id, {
      amountCents,
      ...(details ? { method: details.method, detailsSealed: seal(ctx, details) } : {}),
      ...(body.requestNote !== undefined ? { requestNote: body.requestNote || null } : {}),
      updatedAt: at,
    });
    await insertEvent(tx, {
      requestId: id,
      action: 'updated',
      status: 'pending',
      actorId: creatorId,
      by: 'creator',
      note: body.requestNote || null,
      at,
    });
    return {
      row: updated,
      title: msg('notify.payout.updated'),
      body: msg('notify.payout.updatedBody', {
        amount: amountText(s, amountCents),
        method: payoutMethodWord(updated.method),
      }),
    };
  });
  return tell(ctx, change);
}

// ---- admin review (each runs in the caller's admin transaction with its audit row)

export interface ReviewTx {
  tx: Executor;
  /** `await ctx.settings.all()` read before the transaction. */
  s: SiteSettings;
  actorId: string;
  record: (e: {
    action: string;
    targetType?: string;
    targetId?: string;
    before?: unknown;
    after?: unknown;
    reason?: string | null;
  }) => Promise<unknown>;
}

/**
 * The creator's accounts first, then the request row: the order the creator's own
 * edits take, so an admin's reject or payment racing a creator's cancel never deadlocks.
 */
async function lockInOrder(tx: Executor, id: string) {
  const found = await findRequest(tx, id);
  if (!found) return null;
  await lockCreatorAccounts(tx, found.creatorId);
  return lockRequest(tx, id);
}

export async function approveTx(
  ctx: Ctx,
  r: ReviewTx,
  id: string,
  note?: string,
): Promise<{ change: Change | null; row: PayoutRequestRow }> {
  const s = r.s;
  const row = await lockRequest(r.tx, id);
  if (!row) throw notFound('Payout request');
  // a Stripe request stays approved when its transfer failed: approving again retries the transfer
  if (row.status === 'approved' && row.method === 'stripe') return { change: null, row };
  if (row.status !== 'pending') throw conflict(`This request is ${row.status}`, 'PAYOUT_NOT_PENDING');
  const at = ctx.now();
  const updated = await updateRequest(r.tx, id, {
    status: 'approved',
    adminNote: note || row.adminNote,
    updatedAt: at,
  });
  await insertEvent(r.tx, {
    requestId: id,
    action: 'approved',
    status: 'approved',
    actorId: r.actorId,
    by: 'admin',
    note: note || null,
    at,
  });
  await r.record({
    action: 'payout.approve',
    targetType: 'payout_request',
    targetId: id,
    before: { status: row.status },
    after: { status: 'approved' },
    reason: note || null,
  });
  return {
    row: updated,
    change: {
      row: updated,
      title: msg('notify.payout.approved'),
      body: note
        ? msg('notify.payout.approvedNoteBody', { amount: amountText(s, row.amountCents), note })
        : msg('notify.payout.approvedBody', { amount: amountText(s, row.amountCents) }),
    },
  };
}

export async function rejectTx(ctx: Ctx, r: ReviewTx, id: string, note: string): Promise<Change> {
  const s = r.s;
  const row = await lockInOrder(r.tx, id);
  if (!row) throw notFound('Payout request');
  if (row.status !== 'pending' && row.status !== 'approved')
    throw conflict(`This request is ${row.status}`, 'PAYOUT_NOT_OPEN');
  await transfer(r.tx, {
    from: reserveAccount(row.creatorId),
    to: earningsAccount(row.creatorId),
    amountCents: row.amountCents,
    kind: 'payout_release',
    reference: `payout:${id}`,
  });
  const at = ctx.now();
  const updated = await updateRequest(r.tx, id, { status: 'rejected', adminNote: note, updatedAt: at });
  await insertEvent(r.tx, {
    requestId: id,
    action: 'rejected',
    status: 'rejected',
    actorId: r.actorId,
    by: 'admin',
    note,
    at,
  });
  await r.record({
    action: 'payout.reject',
    targetType: 'payout_request',
    targetId: id,
    before: { status: row.status },
    after: { status: 'rejected' },
    reason: note,
  });
  return {
    row: updated,
    title: msg('notify.payout.rejected'),
    body: msg('notify.payout.rejectedBody', { amount: amountText(s, row.amountCents), note }),
  };
}

/**
 * Pays an approved request: reserve → clearing(<method>) as one `payout`
 * transaction, once. The row lock serialises retries; a request already paid
 * answers as it is and debits nothing (and `paid_transaction_id` is unique).
 */
export async function markPaidTx(
  ctx: Ctx,
  r: ReviewTx,
  id: string,
  p: { reference: string; note?: string; via: 'admin' | 'stripe' },
): Promise<Change | null> {
  const s = r.s;
  const row = await lockInOrder(r.tx, id);
  if (!row) throw notFound('Payout request');
  if (row.status === 'paid') return null;
  if (row.status !== 'approved') throw conflict(msg('error.payouts.onlyApprovedPaid'), 'PAYOUT_NOT_APPROVED');
  if (row.method === 'stripe' && p.via === 'admin')
    throw conflict(
      'A Stripe payout is paid by its transfer: approve it to send the transfer',
      'PAYOUT_PAID_BY_TRANSFER',
    );
  const posted = await transfer(r.tx, {
    from: reserveAccount(row.creatorId),
    to: clearing(row.method === 'stripe' ? 'stripe' : `payout-${row.method}`),
    amountCents: row.amountCents,
    kind: 'payout',
    reference: `payout:${id}`,
  });
  const at = ctx.now();
  const updated = await updateRequest(r.tx, id, {
    status: 'paid',
    reference: p.reference,
    adminNote: p.note || row.adminNote,
    paidTransactionId: posted.transactionId,
    paidAt: at,
    updatedAt: at,
  });
  await insertEvent(r.tx, {
    requestId: id,
    action: 'paid',
    status: 'paid',
    actorId: r.actorId,
    by: 'admin',
    note: p.note || `Reference ${p.reference}`,
    at,
  });
  await r.record({
    action: 'payout.paid',
    targetType: 'payout_request',
    targetId: id,
    before: { status: row.status },
    after: { status: 'paid', reference: p.reference },
    reason: p.note || null,
  });
  return {
    row: updated,
    title: msg('notify.payout.paid'),
    body: msg('notify.payout.paidBody', {
      amount: amountText(s, row.amountCents),
      method: payoutMethodWord(row.method),
      reference: p.reference,
    }),
  };
}

export { tell as tellCreator };
