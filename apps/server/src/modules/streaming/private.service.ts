import {
  fromCents,
  PRIVATE_HEARTBEAT_TIMEOUT_SECONDS,
  PRIVATE_MINUTE_SECONDS,
  type PrivateEndReason,
  type PrivateRequest,
  type PrivateSession,
} from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { conversations, type PrivateRequestRow, type PrivateSessionRow, users } from '../../db/schema';
import { appError, badRequest, conflict, notFound, paymentRequired } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import { assertCreatorCanEarn, canEarn } from '../performers';
import { lockWallet, walletBalance, walletPay } from '../wallet';
import {
  findSession,
  insertMinute,
  insertRequest,
  insertSession,
  listRequests,
  lockRequest,
  lockSession,
  openSessionIds,
  updateRequest,
  updateSession,
} from './private.repo';
import { sampleOnStart } from './private.sampling';
import { canSeePrivateShow, type StreamViewerRef } from './streaming.policy';
import { presentRequest, presentSession } from './streaming.presenter';
import { isUniqueViolation, userBriefs } from './streaming.repo';
import { iceServers, settingsRow } from './streaming.service';

export const PRIVATE_TICK_JOB = 'streaming.private-tick';
export const PRIVATE_SWEEP_JOB = 'streaming.private-sweep';
/** A billing minute (shorter only in end-to-end runs: STREAMING_TEST_MINUTE_SECONDS). */
export const minuteMs = (ctx: Pick<Ctx, 'config'>) =>
  (ctx.config.STREAMING_TEST_MINUTE_SECONDS ?? PRIVATE_MINUTE_SECONDS) * 1000;
const HEARTBEAT_MS = PRIVATE_HEARTBEAT_TIMEOUT_SECONDS * 1000;
/** How often a live show is looked at between minute boundaries (heartbeat timeouts). */
const TICK_EVERY_MS = 10_000;

/** When this process started: after a restart, silence while the server was down is not a network drop. */
let bootedAt = Date.now();
export function markBoot(at: Date) {
  bootedAt = at.getTime();
}

// ---- presenting

async function presentRequests(ctx: Pick<Ctx, 'db'>, rows: PrivateRequestRow[]): Promise<PrivateRequest[]> {
  const people = await userBriefs(ctx.db, [...new Set(rows.flatMap((r) => [r.performerId, r.userId]))]);
  return rows.map((r) => presentRequest(r, people));
}

export async function presentSessionFor(ctx: Ctx, s: PrivateSessionRow): Promise<PrivateSession> {
  const people = await userBriefs(ctx.db, [s.performerId, s.userId]);
  return presentSession(s, people, await iceServers(ctx), minuteMs(ctx));
}

async function broadcastSession(ctx: Ctx, s: PrivateSessionRow) {
  const session = await presentSessionFor(ctx, s);
  ctx.realtime.toUser(s.userId, 'private/session', { session });
  ctx.realtime.toUser(s.performerId, 'private/session', { session });
  return session;
}

// ---- requests

/**
 * POST /streaming/private/requests: a fan asks a creator for a private show, now
 * or at a proposed time. The creator must offer private shows (a per-minute
 * price) and be able to earn; the fan must not be blocked and must be able to pay one minute.
 */
export async function requestPrivate(
  ctx: Ctx,
  fan: StreamViewerRef,
  body: { performerId: string; scheduledAt?: Date; message?: string },
  geo?: ViewerLocation,
): Promise<PrivateRequest> {
  if (body.performerId === fan.id) throw badRequest(msg('error.streaming.privateShowFromSelf'));
  const [creator] = await ctx.db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, body.performerId))
    .limit(1);
  if (creator?.role !== 'performer' || creator.status !== 'active') throw notFound('Creator');
  await assertNotBlocked(ctx, creator.id, fan.id, geo);
  const settings = await settingsRow(ctx, creator.id);
  if (settings.privatePriceCents <= 0) throw appError(422, 'PRIVATE_SHOWS_OFF', msg('error.streaming.privateShowsOff'));
  await assertCreatorCanEarn(ctx.db, creator.id);
  if (body.scheduledAt && body.scheduledAt.getTime() < ctx.now().getTime() - 60_000)
    throw badRequest(msg('error.streaming.scheduledInPast'), 'SCHEDULED_IN_PAST', [
      { field: 'scheduledAt', message: 'Must be in the future' },
    ]);
  if ((await walletBalance(ctx.db, fan.id)) < settings.privatePriceCents)
    throw paymentRequired(
      `You need at least ${fromCents(settings.privatePriceCents).toFixed(2)} in your wallet for one minute`,
    );
  const at = ctx.now();
  const row = await insertRequest(ctx.db, {
    id: newId(),
    performerId: creator.id,
    userId: fan.id,
    status: 'pending',
    scheduledAt: body.scheduledAt ?? null,
    message: body.message?.trim() || null,
    priceCents: settings.privatePriceCents,
    createdAt: at,
    updatedAt: at,
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict(msg('error.streaming.requestPending'), 'REQUEST_PENDING');
    throw err;
  });
  const [request] = await presentRequests(ctx, [row]);
  ctx.realtime.toUser(creator.id, 'private/request', { request });
  return request;
}

export async function myRequests(
  ctx: Ctx,
  viewer: StreamViewerRef,
  q: { page: number; pageSize: number; status?: PrivateRequestRow['status'] },
) {
  const where = viewer.role === 'performer' ? { performerId: viewer.id } : { userId: viewer.id };
  const { rows, total } = await listRequests(
    ctx.db,
    { ...where, status: q.status },
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
  );
  return { data: await presentRequests(ctx, rows), total };
}

async function decide(
  ctx: Ctx,
  actor: StreamViewerRef,
  id: string,
  who: 'performer' | 'user',
  next: 'accepted' | 'rejected' | 'cancelled',
) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    const owner = r && (who === 'performer' ? r.performerId : r.userId);
    if (!r || owner !== actor.id) throw notFound('Request');
    if (r.status !== 'pending') throw conflict(`This request was already ${r.status}`, 'REQUEST_DECIDED');
    if (next !== 'accepted')
      return { request: await updateRequest(tx, id, { status: next, respondedAt: at }), session: null };
    await assertCreatorCanEarn(tx, r.performerId);
    const sessionId = newId();
    const conversationId = newId();
    await tx.insert(conversations).values({
      id: conversationId,
      type: 'stream_private',
      streamId: sessionId,
      performerId: r.performerId,
      createdAt: at,
      updatedAt: at,
    });
    const session = await insertSession(tx, {
      id: sessionId,
      requestId: r.id,
      performerId: r.performerId,
      userId: r.userId,
      status: 'waiting',
      priceCents: r.priceCents,
      conversationId,
      createdAt: at,
      updatedAt: at,
    });
    const request = await updateRequest(tx, id, { status: 'accepted', respondedAt: at, sessionId, conversationId });
    return { request, session };
  });
}

async function afterDecision(ctx: Ctx, out: { request: PrivateRequestRow; session: PrivateSessionRow | null }) {
  const [request] = await presentRequests(ctx, [out.request]);
  ctx.realtime.toUser(out.request.userId, 'private/request', { request });
  ctx.realtime.toUser(out.request.performerId, 'private/request', { request });
  return request;
}

/** PUT /streaming/private/requests/{id}/accept: the creator accepts; the show waits for both to join. */
export async function acceptRequest(ctx: Ctx, creator: StreamViewerRef, id: string): Promise<PrivateSession> {
  const out = await decide(ctx, creator, id, 'performer', 'accepted');
  await afterDecision(ctx, out);
  return broadcastSession(ctx, out.session!);
}

export async function rejectRequest(ctx: Ctx, creator: StreamViewerRef, id: string) {
  return afterDecision(ctx, await decide(ctx, creator, id, 'performer', 'rejected'));
}

export async function cancelRequest(ctx: Ctx, fan: StreamViewerRef, id: string) {
  return afterDecision(ctx, await decide(ctx, fan, id, 'user', 'cancelled'));
}

// ---- sessions

function partyOf(s: PrivateSessionRow, userId: string): 'fan' | 'creator' | null {
  if (s.userId === userId) return 'fan';
  if (s.performerId === userId) return 'creator';
  return null;
}

export async function getSession(ctx: Ctx, viewer: StreamViewerRef, id: string) {
  const s = await findSession(ctx.db, id);
  if (!s || !canSeePrivateShow(viewer, partyOf(s, viewer.id))) throw notFound('Private show');
  return presentSessionFor(ctx, s);
}

/** The parties of a show that is not over (for signalling and heartbeats), or null. */
export async function openSessionFor(ctx: Pick<Ctx, 'db'>, userId: string, id: string) {
  const s = await findSession(ctx.db, id);
  if (!s || s.status === 'ended') return null;
  const party = partyOf(s, userId);
  return party ? { session: s, party, peerId: party === 'fan' ? s.performerId : s.userId } : null;
}

/**
 * A party joins (socket `private/join`). When both have joined the show goes
 * live: the clock starts now and minute 0 is charged in the same transaction
 * (a fan who cannot pay it ends the show at once, charged nothing).
 */
export async function joinSession(ctx: Ctx, user: StreamViewerRef, id: string): Promise<PrivateSession> {
  const s0 = await findSession(ctx.db, id);
  if (!s0 || !partyOf(s0, user.id)) throw notFound('Private show');
  if (s0.status === 'ended') throw conflict(msg('error.streaming.privateShowEnded'), 'SESSION_ENDED');
  const settings = await ctx.settings.all();
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const s = (await lockSession(tx, id))!;
    if (s.status === 'ended') throw conflict(msg('error.streaming.privateShowEnded'), 'SESSION_ENDED');
    const party = partyOf(s, user.id)!;
    const set =
      party === 'fan'
        ? { fanJoinedAt: s.fanJoinedAt ?? at, fanSeenAt: at }
        : { creatorJoinedAt: s.creatorJoinedAt ?? at, creatorSeenAt: at };
    let row = await updateSession(tx, id, set);
    if (row.status === 'waiting' && row.fanJoinedAt && row.creatorJoinedAt) {
      const sample = await sampleOnStart(ctx, tx, id, at);
      row = await updateSession(tx, id, { status: 'live', startedAt: at, fanSeenAt: at, creatorSeenAt: at, ...sample });
      row = await billDue(ctx, tx, settings, row, at);
    }
    return row;
  });
  if (result.status === 'live' && result.minutesBilled > 0 && !s0.startedAt) await scheduleTick(ctx, result, at);
  await afterBilling(ctx, result);
  return presentSessionFor(ctx, result);
}

export async function heartbeat(ctx: Ctx, userId: string, id: string) {
  const open = await openSessionFor(ctx, userId, id);
  if (!open) return;
  await updateSession(ctx.db, id, open.party === 'fan' ? { fanSeenAt: ctx.now() } : { creatorSeenAt: ctx.now() });
}

/** PUT /streaming/private/sessions/{id}/end (or socket `private/leave`): either side leaves. */
export async function leaveSession(ctx: Ctx, user: StreamViewerRef, id: string): Promise<PrivateSession> {
  const s0 = await findSession(ctx.db, id);
  const party = s0 && partyOf(s0, user.id);
  if (!s0 || !canSeePrivateShow(user, party)) throw notFound('Private show');
  const reason: PrivateEndReason = party === 'fan' ? 'fan_left' : party === 'creator' ? 'creator_left' : 'admin';
  const settings = await ctx.settings.all();
  const at = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    let s = (await lockSession(tx, id))!;
    if (s.status === 'ended') return s;
    // Minutes that started before leaving and were not yet charged (a late tick) are charged first.
    if (s.status === 'live') s = await billDue(ctx, tx, settings, s, at);
    if (s.status === 'ended') return s;
    return updateSession(tx, id, { status: 'ended', endedAt: at, endReason: reason });
  });
  await afterBilling(ctx, row);
  return presentSessionFor(ctx, row);
}

/**
 * One billing step of a show, from the database clock, under the session's row
 * lock: a network drop (> 30 s without a heartbeat from either side) ends it;
 * every minute that has started since the last charge is charged once (unique
 * key session+minute, and the wallet charge's idempotency key); a fan who cannot
 * pay the next minute is warned a minute ahead and the show stops at that minute.
 * Safe to run concurrently and after a restart.
 */
export async function tickSession(
  ctx: Ctx,
  id: string,
  opts: { chain?: boolean } = {},
): Promise<PrivateSessionRow | null> {
  const settings = await ctx.settings.all();
  const at = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!s) return null;
    if (s.status === 'waiting') {
      // Accepted but never started within an hour: close it, nothing was charged.
      if (at.getTime() - s.createdAt.getTime() > 3_600_000)
        return updateSession(tx, id, { status: 'ended', endedAt: at, endReason: 'not_started' });
      return s;
    }
    if (s.status !== 'live') return s;
    const heardBoth = Math.min(s.fanSeenAt!.getTime(), s.creatorSeenAt!.getTime());
    if (at.getTime() - Math.max(heardBoth, bootedAt) > HEARTBEAT_MS) {
      // Settled: the minutes that started while both were still heard from are paid, no later one.
      const paid = await billDue(ctx, tx, settings, s, new Date(heardBoth));
      if (paid.status === 'ended') return paid;
      return updateSession(tx, id, { status: 'ended', endedAt: at, endReason: 'network' });
    }
    // After a restart (a crash), no minute is charged until both parties are heard from again:
    // the time the server was down is no proof that they were still watching.
    if (heardBoth < bootedAt) return s;
    return billDue(ctx, tx, settings, s, at);
  });
  if (!row) return null;
  if (row.status !== 'ended' && opts.chain) await scheduleTick(ctx, row, at);
  await afterBilling(ctx, row);
  return row;
}

type Settings = Awaited<ReturnType<Ctx['settings']['all']>>;

/** Charges every started, uncharged minute up to `at`; ends the show when the fan cannot pay one. */
async function billDue(ctx: Ctx, tx: Executor, s: Settings, row: PrivateSessionRow, at: Date) {
  let cur = row;
  const started = Math.floor((at.getTime() - cur.startedAt!.getTime()) / minuteMs(ctx)) + 1;
  for (let n = cur.minutesBilled; n < started; n++) {
    const minuteStart = new Date(cur.startedAt!.getTime() + n * minuteMs(ctx));
    if (!(await canEarn(tx, cur.performerId))) {
      return updateSession(tx, cur.id, { status: 'ended', endedAt: minuteStart, endReason: 'admin' });
    }
    const balance = (await lockWallet(tx, cur.userId)) ?? 0;
    if (balance < cur.priceCents) {
      // The minute that cannot be paid does not start.
      return updateSession(tx, cur.id, { status: 'ended', endedAt: minuteStart, endReason: 'balance' });
    }
    const chargeId = newId();
    if (
      await insertMinute(tx, {
        sessionId: cur.id,
        minuteIndex: n,
        chargeId,
        amountCents: cur.priceCents,
        chargedAt: at,
      })
    ) {
      await walletPay(ctx, tx, s, {
        chargeId,
        userId: cur.userId,
        creatorId: cur.performerId,
        type: 'stream',
        title: `Private show, minute ${n + 1}`,
        grossCents: cur.priceCents,
        objectType: 'private_session',
        objectId: cur.id,
        idempotencyKey: `private:${cur.id}:${n}`,
      });
    }
    cur = await updateSession(tx, cur.id, {
      minutesBilled: n + 1,
      totalChargedCents: cur.totalChargedCents + cur.priceCents,
    });
  }
  return cur;
}

/** After commit: the fan's balance, the low-balance warning and the session to both parties. */
async function afterBilling(ctx: Ctx, row: PrivateSessionRow) {
  const balance = await walletBalance(ctx.db, row.userId);
  ctx.realtime.toUser(row.userId, 'balance/updated', { balance: fromCents(balance) });
  if (row.status === 'live' && balance < row.priceCents && row.warnedMinute !== row.minutesBilled) {
    await updateSession(ctx.db, row.id, { warnedMinute: row.minutesBilled });
    const nextAt = row.startedAt!.getTime() + row.minutesBilled * minuteMs(ctx);
    ctx.realtime.toUser(row.userId, 'private/low-balance', {
      sessionId: row.id,
      balance: fromCents(balance),
      secondsLeft: Math.max(0, Math.round((nextAt - ctx.now().getTime()) / 1000)),
    });
  }
  await broadcastSession(ctx, row);
}

/** The next look at a live show: the next minute boundary or a heartbeat check, whichever is first. */
async function scheduleTick(ctx: Ctx, row: PrivateSessionRow, at: Date) {
  if (!ctx.jobs.started || row.status !== 'live') return;
  const nextMinute = row.startedAt!.getTime() + row.minutesBilled * minuteMs(ctx);
  const wait = Math.max(1000, Math.min(nextMinute - at.getTime(), TICK_EVERY_MS));
  await ctx.jobs
    .send(PRIVATE_TICK_JOB, { sessionId: row.id }, { startAfter: new Date(Date.now() + wait), retryLimit: 1 })
    .catch((err) => ctx.log.error({ err }, 'private show tick not scheduled'));
}

/** Every open show, once a minute: billing goes on even if a show's tick chain was lost. */
export async function sweepSessions(ctx: Ctx) {
  for (const id of await openSessionIds(ctx.db)) {
    await tickSession(ctx, id).catch((err) => ctx.log.error({ err, sessionId: id }, 'private show tick failed'));
  }
}

export function registerPrivateShowJobs(ctx: Ctx) {
  markBoot(ctx.now());
  ctx.jobs.work<{ sessionId: string }>(PRIVATE_TICK_JOB, async ({ sessionId }) => {
    await tickSession(ctx, sessionId, { chain: true });
  });
  ctx.jobs.work(PRIVATE_SWEEP_JOB, async () => sweepSessions(ctx));
  ctx.jobs.schedule(PRIVATE_SWEEP_JOB, '* * * * *');
}
