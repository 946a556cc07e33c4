import {
  fromCents,
  type JoinStreamResponse,
  type LiveMonitor,
  type LiveMonitorItem,
  type MonitorKind,
  type SampledShow,
} from '@marquee/shared';
import type { Ctx } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { isAdmin } from '../../plugins/auth';
import { type AdminActor, inAdminTx, setUserStatus } from '../admin';
import { announceDecision, recordDecision } from '../decisions';
import { notify } from '../notifications';
import { endStream, joinStream, leaveSession } from '../streaming';
import {
  liveStreamsForMonitor,
  type MonitorPerson,
  markSampleReviewed,
  monitorTarget,
  openSampleCount,
  openShowsForMonitor,
  reviewerNames,
  sampledShows,
} from './live-monitor.repo';
import { thumbnailUrl } from './live-monitor.thumbs';

/**
 * Live monitoring (issue 26 item 2, docs/compliance.md "Live monitoring"): staff (moderators and
 * admins) see every live stream and private show, watch a stream invisibly and unbilled, warn,
 * end or suspend — each action one audited transaction with its reason.
 */

const presentPerson = (p: MonitorPerson) => ({ _id: p.id, username: p.username, name: p.name, status: p.status });

const staffRef = (actor: AdminActor) => ({
  id: actor.user.id,
  role: actor.user.role,
  staffRole: actor.user.staffRole,
});

export async function liveMonitor(ctx: Ctx, actor: AdminActor): Promise<LiveMonitor> {
  const [streams, shows, samplePercent, samplesOpen, provider] = await Promise.all([
    liveStreamsForMonitor(ctx.db),
    openShowsForMonitor(ctx.db),
    ctx.settings.get('privateShowSamplePercent'),
    openSampleCount(ctx.db),
    ctx.settings.get('streamingProvider'),
  ]);
  const data: LiveMonitorItem[] = streams.map(({ stream: s, creator }) => ({
    kind: 'stream',
    _id: s.id,
    title: s.title,
    type: s.type,
    price: fromCents(s.priceCents),
    viewerCount: s.viewerCount,
    startedAt: s.startedAt.toISOString(),
    status: s.status,
    creator: presentPerson(creator),
    fan: null,
    thumbnailUrl: provider === 'webrtc' ? thumbnailUrl(ctx, s.id, actor.user.id) : null,
    monitorFlag: s.monitorFlag ?? null,
    sampled: false,
  }));
  for (const { session: p, creator, fan } of shows) {
    data.push({
      kind: 'private',
      _id: p.id,
      title: '',
      type: 'private',
      price: fromCents(p.priceCents),
      viewerCount: p.status === 'live' ? 1 : 0,
      startedAt: p.startedAt?.toISOString() ?? null,
      status: p.status,
      creator: presentPerson(creator),
      fan: presentPerson(fan),
      thumbnailUrl: null,
      monitorFlag: null,
      sampled: Boolean(p.sampledAt),
    });
  }
  return { data, samplePercent, samplesOpen };
}

/**
 * Watching from the monitor: the join answer (the signed HLS link) for the staff member, who is
 * never charged (staff pass the join policy like the creator) and never counted or listed (the
 * monitor plays the HLS output and does not enter the stream's socket room). Audited.
 */
export async function monitorWatch(ctx: Ctx, actor: AdminActor, id: string): Promise<JoinStreamResponse> {
  const answer = await joinStream(ctx, staffRef(actor), id);
  await inAdminTx(ctx, actor, (_c, _tx, record) =>
    record({ action: 'stream.monitor_watch', targetType: 'stream', targetId: id }),
  );
  return answer;
}

async function openTarget(ctx: Ctx, kind: MonitorKind, id: string) {
  const target = await monitorTarget(ctx.db, kind, id);
  if (!target) throw notFound(kind === 'stream' ? 'Stream' : 'Private show');
  return target;
}

/** A warning the creator reads at once in the studio or the show (`stream/warning`), and in notifications. */
export async function warnCreator(ctx: Ctx, actor: AdminActor, kind: MonitorKind, id: string, reason: string) {
  const target = await openTarget(ctx, kind, id);
  if (!target.open) throw conflict(msg('error.liveMonitor.streamOver'), 'STREAM_NOT_LIVE');
  await inAdminTx(ctx, actor, (_c, _tx, record) =>
    record({
      action: 'stream.warn',
      targetType: kind === 'stream' ? 'stream' : 'private_session',
      targetId: id,
      reason,
    }),
  );
  ctx.realtime.toUser(target.creatorId, 'stream/warning', { kind, id, message: reason, at: ctx.now().toISOString() });
  await notify(ctx, target.creatorId, {
    kind: 'moderation',
    title: msg('monitor.warned'),
    body: reason,
    link: kind === 'stream' ? '/creator/live' : `/private/${id}`,
    actorId: actor.user.id,
  }).catch((err) => ctx.log.error({ err }, 'warning notification failed'));
  return { kind, _id: id, action: 'warn' as const, ended: false };
}

/**
 * Ends a live stream (viewers get `stream/ended`, reason admin) or a private show (end reason admin).
 * Ending one that was live is a restriction: the creator gets its statement of reasons (DSA Art. 17,
 * kind removal; an appeal's reversal records the mistake, a stream cannot be resumed).
 */
export async function endNow(ctx: Ctx, actor: AdminActor, kind: MonitorKind, id: string, reason: string) {
  const target = await openTarget(ctx, kind, id);
  if (kind === 'stream') await endStream(ctx, staffRef(actor), id, 'admin');
  else await leaveSession(ctx, staffRef(actor), id);
  const targetType = kind === 'stream' ? 'stream' : 'private_session';
  const decision = await inAdminTx(ctx, actor, async (txCtx, tx, record) => {
    await record({
      action: kind === 'stream' ? 'stream.end' : 'private.end',
      targetType,
      targetId: id,
      after: { status: 'ended' },
      reason,
    });
    if (!target.open) return null;
    return recordDecision(txCtx, tx, {
      userId: target.creatorId,
      kind: 'removal',
      targetType,
      targetId: id,
      title: target.title,
      facts: reason,
      ground: 'other_terms',
      decidedById: actor.user.id,
      data: { endedLive: true },
    });
  });
  if (decision) await announceDecision(ctx, decision);
  return { kind, _id: id, action: 'end' as const, ended: true };
}

/** Ends the stream or show and suspends its creator (every session ends; `user.suspend` audited). */
export async function suspendCreator(ctx: Ctx, actor: AdminActor, kind: MonitorKind, id: string, reason: string) {
  const target = await openTarget(ctx, kind, id);
  // Checked before anything ends: staff accounts are the admins' business (setUserStatus says so too).
  if (!isAdmin(actor.user) && (target.creatorRole === 'admin' || target.creatorStaffRole))
    throw forbidden(msg('error.staffStatusAdminsOnly'));
  if (target.open) await endNow(ctx, actor, kind, id, reason);
  await setUserStatus(ctx, actor, target.creatorId, 'suspended', `Live monitor (${kind} ${id}): ${reason}`);
  return { kind, _id: id, action: 'suspend' as const, ended: true };
}

export async function listSamples(ctx: Ctx, q: { state: 'open' | 'reviewed'; page: number; pageSize: number }) {
  const { rows, total } = await sampledShows(ctx.db, {
    state: q.state,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const names = await reviewerNames(
    ctx.db,
    rows.map((r) => r.session.sampleReviewedBy).filter((x): x is string => !!x),
  );
  const data: SampledShow[] = rows.map(({ session: s, creator, fan }) => ({
    _id: s.id,
    status: s.status,
    creator: presentPerson(creator),
    fan: presentPerson(fan),
    price: fromCents(s.priceCents),
    minutesBilled: s.minutesBilled,
    sampledAt: s.sampledAt!.toISOString(),
    startedAt: s.startedAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    endReason: s.endReason ?? null,
    reviewedAt: s.sampleReviewedAt?.toISOString() ?? null,
    reviewedBy: s.sampleReviewedBy ? (names.get(s.sampleReviewedBy) ?? null) : null,
  }));
  return { data, total };
}

/** A moderator has looked at a sampled show: it leaves the open queue (audited, with a note). */
export async function reviewSample(ctx: Ctx, actor: AdminActor, id: string, note?: string) {
  await inAdminTx(ctx, actor, async (_c, tx, record) => {
    const row = await markSampleReviewed(tx, id, actor.user.id, ctx.now());
    if (!row) throw notFound('Sampled show');
    await record({
      action: 'stream.sample_reviewed',
      targetType: 'private_session',
      targetId: id,
      reason: note ?? null,
    });
  });
  return { success: true };
}
