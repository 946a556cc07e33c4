import {
  fromCents,
  type GoLiveBody,
  goLiveBodySchema,
  type IceServer,
  type JoinStreamResponse,
  type Stream,
  type StreamSettings,
  type StreamViewers,
  type streamUpdateBodySchema,
  toCents,
} from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { conversations, type StreamRow, users } from '../../db/schema';
import { appError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { randomToken } from '../../lib/secret';
import { isAdmin } from '../../plugins/auth';
import type { ViewerLocation } from '../blocks';
import { creatorsBlockingViewer, isBlocked } from '../blocks';
import { creatorAudience } from '../follows';
import { notify } from '../notifications';
import { assertCanGoLive, assertCanSell, canEarn, updatePerformerRow } from '../performers';
import { publicationGate } from '../review';
import { avatarUrl } from '../users';
import { hlsPlayback } from './streaming.hls';
import { assertMayJoin, hasAccess, isStreamStaff, type StreamViewerRef } from './streaming.policy';
import { presentSettings, presentStream } from './streaming.presenter';
import {
  connectedViewers,
  findSettings,
  findStream,
  findStreamWithCreator,
  insertStream,
  isUniqueViolation,
  liveStreamOf,
  lockStream,
  searchStreams,
  setViewerFlags,
  updateStream,
  upsertSettings,
  userBriefs,
} from './streaming.repo';

export const ALREADY_LIVE_MESSAGE = 'You are already live: end that stream first';

const room = (streamId: string) => `stream:${streamId}`;

export { room as streamRoom };

// ---- creator settings

export async function settingsRow(ctx: Pick<Ctx, 'db'>, performerId: string) {
  const row =
    (await findSettings(ctx.db, performerId)) ??
    (await upsertSettings(ctx.db, performerId, { streamKey: newStreamKey(), nextStreamId: newId() }, {}));
  if (row.nextStreamId) return row;
  return upsertSettings(ctx.db, performerId, { streamKey: row.streamKey }, { nextStreamId: newId() });
}

/** The id the creator's next live stream will take: people depicted in it are named on it (releases). */
export async function plannedStreamId(ctx: Pick<Ctx, 'db'>, performerId: string): Promise<string> {
  return (await settingsRow(ctx, performerId)).nextStreamId!;
}

const newStreamKey = () => `live_${randomToken(18)}`;

export function rtmpUrl(ctx: Pick<Ctx, 'config'>, port: number | null): string {
  const host = ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).hostname : 'localhost';
  return port && port > 0 ? `rtmp://${host}:${port}/live` : '';
}

let rtmpPortInUse: number | null = null;
/** The RTMP ingest tells where it listens (port 0 picks a free one). */
export function setRtmpPort(port: number | null) {
  rtmpPortInUse = port;
}

export async function getSettings(ctx: Ctx, performerId: string): Promise<StreamSettings> {
  const row = await settingsRow(ctx, performerId);
  return presentSettings(row, rtmpUrl(ctx, rtmpPortInUse), await ctx.settings.get('streamingProvider'));
}

/** POST /streaming/settings/stream-key: a new key; the old one stops working at once. */
export async function regenerateStreamKey(ctx: Ctx, performerId: string): Promise<StreamSettings> {
  await settingsRow(ctx, performerId);
  const key = newStreamKey();
  await upsertSettings(ctx.db, performerId, { streamKey: key }, { streamKey: key });
  return getSettings(ctx, performerId);
}

/** GET /streaming/performers/{id}/offer: prices of a creator's shows, and their live stream. */
export async function getOffer(ctx: Ctx, viewer: StreamViewerRef | null, performerId: string, geo?: ViewerLocation) {
  const [creator] = await ctx.db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, performerId))
    .limit(1);
  if (creator?.role !== 'performer' || creator.status !== 'active') throw notFound('Creator');
  if (await isBlocked(ctx, creator.id, viewer?.id ?? null, geo)) throw notFound('Creator');
  const [row, live, earns] = await Promise.all([
    findSettings(ctx.db, creator.id),
    liveStreamOf(ctx.db, creator.id),
    canEarn(ctx.db, creator.id),
  ]);
  return {
    performerId: creator.id,
    privateCallPrice: fromCents(row?.privatePriceCents ?? 0),
    groupCallPrice: fromCents(row?.groupPriceCents ?? 0),
    privateShowsAvailable: earns && (row?.privatePriceCents ?? 0) > 0,
    liveStreamId: live?.id ?? null,
  };
}

// ---- go live / end / update

/**
 * POST /streaming/live: one live stream per creator (unique index). Going live
 * needs a date of birth of age, a paid session a creator who can sell (earning policy). The stream chat
 * (conversation of type public/group) is created in the same transaction;
 * followers and subscribers are told after commit.
 */
export async function goLive(ctx: Ctx, creator: StreamViewerRef, raw: GoLiveBody): Promise<Stream> {
  const body = goLiveBodySchema.parse(raw);
  if (creator.role !== 'performer') throw forbidden(msg('error.streaming.onlyCreatorsGoLive'));
  const settings = await settingsRow(ctx, creator.id);
  let priceCents =
    body.price !== undefined ? toCents(body.price) : body.type === 'group' ? settings.groupPriceCents : 0;
  if (body.type === 'group' && priceCents <= 0) {
    throw badRequest(msg('error.streaming.priceRequired'), 'PRICE_REQUIRED', [
      { field: 'price', message: 'Set a price above 0' },
    ]);
  }
  if (priceCents < 0) priceCents = 0;
  // The compliance gate every publishing path asks (review module): a live stream cannot wait in the
  // queue, so a creator whose items would wait goes live flagged for the live monitor; but it cannot
  // start while someone named for it has not consented and been verified (issue 26 item 3).
  const id = settings.nextStreamId ?? newId();
  const gate = await publicationGate(ctx, { objectType: 'stream', creatorId: creator.id, itemId: id });
  if (gate.awaitingConsent) throw appError(409, 'CONSENT_MISSING', msg('error.streamConsentMissing'));
  const at = ctx.now();
  const stream = await ctx.db
    .transaction(async (tx) => {
      if (priceCents > 0) await assertCanSell(tx, creator.id, at);
      else await assertCanGoLive(tx, creator.id, at);
      if (await liveStreamOf(tx, creator.id)) throw conflict(ALREADY_LIVE_MESSAGE, 'ALREADY_LIVE');
      await updatePerformerRow(tx, creator.id, { isLive: true });
      await upsertSettings(tx, creator.id, { streamKey: settings.streamKey }, { nextStreamId: newId() });
      const conversationId = newId();
      await tx.insert(conversations).values({
        id: conversationId,
        type: body.type,
        streamId: id,
        performerId: creator.id,
        createdAt: at,
        updatedAt: at,
      });
      return insertStream(tx, {
        id,
        performerId: creator.id,
        title: body.title,
        description: body.description,
        type: body.type,
        priceCents,
        status: 'live',
        startedAt: at,
        monitorFlag: gate.reviewState === 'pending' ? 'review' : null,
        conversationId,
        createdAt: at,
        updatedAt: at,
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(ALREADY_LIVE_MESSAGE, 'ALREADY_LIVE');
      throw err;
    });
  const withCreator = (await findStreamWithCreator(ctx.db, stream.id))!;
  const presented = presentStream(stream, withCreator.creator, true);
  await announceLive(ctx, stream, presented).catch((err) => ctx.log.error({ err }, 'live notification failed'));
  return presented;
}

/** Followers and subscribers: an in-app notification and a `stream/live` event. */
async function announceLive(ctx: Ctx, stream: StreamRow, presented: Stream) {
  const audience = await creatorAudience(ctx, stream.performerId);
  if (audience.length === 0) return;
  const name = presented.performer?.name || presented.performer?.username || msg('word.ACreator');
  await notify(ctx, audience, {
    kind: 'live',
    title: msg('notify.live', { name }),
    body: stream.title,
    link: `/live/${stream.id}`,
    actorId: stream.performerId,
    data: { streamId: stream.id },
  });
  const lite = { ...presented, hasAccess: stream.priceCents === 0 };
  for (const id of audience) ctx.realtime.toUser(id, 'stream/live', { stream: lite });
}

/** PUT /streaming/live/{id}: the creator (or an admin) ends the stream. Idempotent on an ended stream. */
export async function endStream(
  ctx: Ctx,
  actor: StreamViewerRef,
  id: string,
  by: 'creator' | 'admin' | 'idle' = isAdmin(actor) ? 'admin' : 'creator',
  opts: { ingestSeenBefore?: Date } = {},
): Promise<Stream> {
  const found = await findStream(ctx.db, id);
  if (!found || found.type === 'private') throw notFound('Stream');
  if (!isStreamStaff(found, actor)) throw forbidden(msg('error.streaming.onlyCreatorEnds'));
  const at = ctx.now();
  const ended = await ctx.db.transaction(async (tx) => {
    const s = (await lockStream(tx, id))!;
    if (s.status === 'ended') return { row: s, changed: false };
    // Ending for a lost ingest: not when an ingest (this node or another) came back meanwhile.
    if (opts.ingestSeenBefore && s.ingestSeenAt && s.ingestSeenAt >= opts.ingestSeenBefore)
      return { row: s, changed: false };
    const ran = Math.max(s.durationSeconds, Math.floor((at.getTime() - s.startedAt.getTime()) / 1000));
    const row = (await updateStream(tx, id, {
      status: 'ended',
      endedAt: at,
      endedBy: by,
      durationSeconds: ran,
      viewerCount: 0,
    }))!;
    await updatePerformerRow(tx, s.performerId, { isLive: false });
    return { row, changed: true };
  });
  if (ended.changed) {
    ctx.realtime.toRoom(room(id), 'stream/ended', { streamId: id, reason: by });
    streamHooks.onEnded?.(id);
  }
  return present(ctx, ended.row, actor);
}

/**
 * A stream whose built-in ingest is gone ends like any other (viewers get `stream/ended` with
 * reason `idle`, the creator stops being live), unless an ingest was seen at or after `seenBefore`.
 */
export async function endStreamWithoutIngest(ctx: Ctx, stream: StreamRow, seenBefore: Date): Promise<Stream> {
  return endStream(ctx, { id: stream.performerId, role: 'performer' }, stream.id, 'idle', {
    ingestSeenBefore: seenBefore,
  });
}

/** Hooks the media path registers (stop ffmpeg when a stream ends). */
export const streamHooks: { onEnded?: (streamId: string) => void } = {};

/** PUT /streaming/update: stream info (own live stream) and the creator's private/group prices. */
export async function updateStreaming(
  ctx: Ctx,
  creator: StreamViewerRef,
  body: z.infer<typeof streamUpdateBodySchema>,
) {
  if (creator.role !== 'performer') throw forbidden(msg('error.streaming.onlyCreatorsSettings'));
  const row = await settingsRow(ctx, creator.id);
  const set: { privatePriceCents?: number; groupPriceCents?: number } = {};
  if (body.privateCallPrice !== undefined) set.privatePriceCents = toCents(body.privateCallPrice);
  if (body.groupCallPrice !== undefined) set.groupPriceCents = toCents(body.groupCallPrice);
  if ((set.privatePriceCents ?? 0) > 0 || (set.groupPriceCents ?? 0) > 0)
    await assertCanSell(ctx.db, creator.id, ctx.now());
  if (Object.keys(set).length > 0) await upsertSettings(ctx.db, creator.id, { streamKey: row.streamKey, ...set }, set);
  let stream: Stream | null = null;
  if (body.streamId) {
    const s = await findStream(ctx.db, body.streamId);
    if (!s || s.type === 'private' || s.performerId !== creator.id) throw notFound('Stream');
    const info: { title?: string; description?: string } = {};
    if (body.title !== undefined) info.title = body.title;
    if (body.description !== undefined) info.description = body.description;
    const updated = Object.keys(info).length > 0 ? (await updateStream(ctx.db, s.id, info))! : s;
    stream = await present(ctx, updated, creator);
    if (updated.status === 'live')
      ctx.realtime.toRoom(room(s.id), 'stream/updated', { stream: { ...stream, hasAccess: false } });
  }
  return { settings: await getSettings(ctx, creator.id), stream };
}

/** PUT /streaming/set-duration: how long the stream ran; only ever grows. */
export async function setDuration(ctx: Ctx, creator: StreamViewerRef, streamId: string, duration: number) {
  const s = await findStream(ctx.db, streamId);
  if (!s || s.type === 'private') throw notFound('Stream');
  if (!isStreamStaff(s, creator)) throw forbidden(msg('error.streaming.onlyCreatorDuration'));
  const updated = duration > s.durationSeconds ? (await updateStream(ctx.db, s.id, { durationSeconds: duration }))! : s;
  return present(ctx, updated, creator);
}

// ---- viewers

/** The creator of a stream (live or ended), for reports; null when there is none. */
export async function streamOwner(ctx: Pick<Ctx, 'db'>, id: string): Promise<string | null> {
  return (await findStream(ctx.db, id))?.performerId ?? null;
}

/** Whose stream, its title and whether it is live: what ending it restricts (a statement of reasons). */
export async function streamFacts(ctx: Pick<Ctx, 'db'>, id: string) {
  const s = await findStream(ctx.db, id);
  return s ? { creatorId: s.performerId, title: s.title, live: s.status === 'live' } : null;
}

export async function present(ctx: Pick<Ctx, 'db'>, s: StreamRow, viewer: StreamViewerRef | null): Promise<Stream> {
  const creator = (await userBriefs(ctx.db, [s.performerId])).get(s.performerId) ?? null;
  return presentStream(s, creator, await hasAccess(ctx, s, viewer));
}

export async function getStream(ctx: Ctx, viewer: StreamViewerRef | null, id: string, geo?: ViewerLocation) {
  const found = await findStreamWithCreator(ctx.db, id);
  if (!found || found.stream.type === 'private') throw notFound('Stream');
  if (!isStreamStaff(found.stream, viewer)) {
    if (await isBlocked(ctx, found.stream.performerId, viewer?.id ?? null, geo)) throw notFound('Stream');
  }
  return presentStream(found.stream, found.creator, await hasAccess(ctx, found.stream, viewer));
}

/** GET /streaming/join/{id}: every refusal of the policy, then how to watch. */
export async function joinStream(
  ctx: Ctx,
  viewer: StreamViewerRef | null,
  id: string,
  geo?: ViewerLocation,
): Promise<JoinStreamResponse> {
  const found = await findStreamWithCreator(ctx.db, id);
  const { muted } = await assertMayJoin(ctx, found?.stream ?? null, viewer, geo);
  const s = found!.stream;
  const provider = await ctx.settings.get('streamingProvider');
  const config = await ctx.settings.effectiveConfig();
  const hls = provider === 'webrtc' ? hlsPlayback(ctx, s.id, viewer?.id ?? null) : null;
  return {
    stream: presentStream(s, found!.creator, true),
    conversationId: s.conversationId,
    provider,
    hlsUrl: hls?.url ?? null,
    hlsExpiresAt: hls?.expiresAt ?? null,
    agora: provider === 'agora' && config.AGORA_APP_ID ? { appId: config.AGORA_APP_ID, channel: s.id } : null,
    muted,
  };
}

/** GET /streaming/user/search: who is live now (creators who blocked the viewer are left out). */
export async function searchLive(
  ctx: Ctx,
  viewer: StreamViewerRef | null,
  q: {
    page: number;
    pageSize: number;
    sortBy: 'startedAt' | 'viewerCount';
    sort: 'asc' | 'desc';
    type?: 'public' | 'group';
    performerId?: string;
    q?: string;
  },
  status: 'live' | 'ended' = 'live',
) {
  const { rows, total } = await searchStreams(ctx.db, {
    ...q,
    status,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const blocked = viewer
    ? await creatorsBlockingViewer(
        ctx,
        viewer.id,
        rows.map((r) => r.stream.performerId),
      )
    : new Set<string>();
  const data = [];
  for (const r of rows) {
    if (blocked.has(r.stream.performerId)) continue;
    data.push(presentStream(r.stream, r.creator, await hasAccess(ctx, r.stream, viewer)));
  }
  return { data, total };
}

export async function viewersOf(ctx: Pick<Ctx, 'db'>, stream: StreamRow): Promise<StreamViewers> {
  const rows = await connectedViewers(ctx.db, stream.id);
  const viewers = rows
    .filter((r) => r.user.id !== stream.performerId)
    .map((r) => ({
      _id: r.user.id,
      username: r.user.username,
      name: r.user.name,
      avatar: presentCreatorAvatar(r.user),
      muted: r.muted,
    }));
  return { streamId: stream.id, count: stream.viewerCount, viewers };
}

const presentCreatorAvatar = (u: { avatarPath: string | null }) => avatarUrl(u);

async function ownLiveStream(ctx: Ctx, actor: StreamViewerRef, id: string) {
  const s = await findStream(ctx.db, id);
  if (!s || s.type === 'private') throw notFound('Stream');
  if (!isStreamStaff(s, actor)) throw forbidden(msg('error.streaming.onlyCreatorViewers'));
  return s;
}

export async function listViewers(ctx: Ctx, actor: StreamViewerRef, id: string) {
  return viewersOf(ctx, await ownLiveStream(ctx, actor, id));
}

/** The creator mutes (or unmutes) a viewer in the chat. */
export async function muteViewer(ctx: Ctx, actor: StreamViewerRef, id: string, userId: string, muted: boolean) {
  const s = await ownLiveStream(ctx, actor, id);
  if (userId === s.performerId) throw badRequest(msg('error.streaming.cannotMuteSelf'));
  await setViewerFlags(ctx.db, s.id, userId, { muted });
  const payload = { streamId: s.id, userId, muted };
  ctx.realtime.toUser(userId, 'stream/muted', payload);
  ctx.realtime.toUser(s.performerId, 'stream/muted', payload);
  return viewersOf(ctx, (await findStream(ctx.db, s.id))!);
}

/** The creator removes a viewer: out of the room now, and no rejoining this stream. */
export async function removeViewer(ctx: Ctx, actor: StreamViewerRef, id: string, userId: string) {
  const s = await ownLiveStream(ctx, actor, id);
  if (userId === s.performerId) throw badRequest(msg('error.streaming.cannotRemoveSelf'));
  await setViewerFlags(ctx.db, s.id, userId, { removed: true });
  ctx.realtime.toUser(userId, 'stream/removed', { streamId: s.id, userId });
  ctx.realtime.leaveUser(userId, room(s.id));
  streamViewerHooks.recount?.(s.id);
  return viewersOf(ctx, (await findStream(ctx.db, s.id))!);
}

/** The realtime layer recounts viewers (debounced) when asked. */
export const streamViewerHooks: { recount?: (streamId: string) => void } = {};

export async function iceServers(ctx: Ctx): Promise<IceServer[]> {
  return (await ctx.settings.get('streamingIceServers')) as IceServer[];
}
