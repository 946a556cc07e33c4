import net from 'node:net';
import type { SocketAck } from '@marquee/shared';
import type { Ctx } from '../../context';
import { AppError } from '../../lib/errors';
import type { RequestGeo } from '../../lib/geo';
import { type RealtimeSocket, socketAddress } from '../../lib/realtime';
import { heartbeat, joinSession, leaveSession, openSessionFor } from './private.service';
import { ingestFor } from './streaming.ingest';
import { assertMayJoin, type StreamViewerRef } from './streaming.policy';
import { addConnection, findStream, updateStream } from './streaming.repo';
import { streamRoom, streamViewerHooks, viewersOf } from './streaming.service';

/** The socket's location for the creator's country blocks (same rules as requestGeo). */
function socketGeo(ctx: Pick<Ctx, 'config'>, socket: RealtimeSocket): RequestGeo {
  const geo: RequestGeo = { ip: socketAddress(socket, ctx.config.TRUST_PROXY) };
  if (ctx.config.TRUST_PROXY) {
    if (ctx.config.GEO_IP_HEADER) {
      const raw = socket.handshake.headers[ctx.config.GEO_IP_HEADER.toLowerCase()];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim();
      if (value && /^[A-Za-z]{2}$/.test(value)) geo.country = value.toUpperCase();
      else if (value && net.isIP(value)) geo.ip = value;
    }
  }
  return geo;
}

const viewerOf = (socket: RealtimeSocket): StreamViewerRef | null =>
  socket.data.userId ? { id: socket.data.userId, role: socket.data.role ?? 'user' } : null;

const SIGN_IN = () => new AppError(401, 'Sign in to continue', 'UNAUTHORIZED');

function fail(ack: SocketAck<never> | undefined, err: unknown) {
  const status = err instanceof AppError ? err.statusCode : 500;
  const message = err instanceof AppError ? err.message : 'Something went wrong, please try again later';
  ack?.({ ok: false, status, message });
}

/**
 * Stream rooms, viewer counts and private-show signalling over the app's socket.io.
 * Viewer counts are recounted from the room (all instances with the Redis adapter),
 * debounced per stream, stored on the stream row and sent to the room.
 */
export function registerStreamingRealtime(ctx: Ctx) {
  const joined = new WeakMap<RealtimeSocket, Set<string>>();
  const publishers = new WeakMap<RealtimeSocket, string>();
  const pending = new Map<string, NodeJS.Timeout>();

  async function recount(streamId: string) {
    const io = ctx.realtime.io;
    const stream = await findStream(ctx.db, streamId);
    if (!io || !stream) return;
    const sockets = await io.in(streamRoom(streamId)).fetchSockets();
    const count = sockets.filter((s) => s.data.userId !== stream.performerId).length;
    const updated =
      stream.status === 'live'
        ? ((await updateStream(ctx.db, streamId, {
            viewerCount: count,
            peakViewers: Math.max(stream.peakViewers, count),
          })) ?? stream)
        : stream;
    ctx.realtime.toRoom(streamRoom(streamId), 'stream/viewers', await viewersOf(ctx, updated));
  }
  function scheduleRecount(streamId: string) {
    if (pending.has(streamId)) return;
    pending.set(
      streamId,
      setTimeout(() => {
        pending.delete(streamId);
        recount(streamId).catch((err) => ctx.log.warn({ err, streamId }, 'viewer recount failed'));
      }, 250),
    );
  }
  streamViewerHooks.recount = scheduleRecount;

  async function leave(socket: RealtimeSocket, streamId: string) {
    const set = joined.get(socket);
    if (!set?.delete(streamId)) return;
    await socket.leave(streamRoom(streamId));
    if (socket.data.userId) await addConnection(ctx.db, streamId, socket.data.userId, -1);
    scheduleRecount(streamId);
  }

  ctx.realtime.onConnection((socket) => {
    socket.on('stream/join', async (payload, ack) => {
      try {
        const streamId = String(payload?.streamId ?? '');
        const stream = /^[0-9a-f-]{36}$/i.test(streamId) ? await findStream(ctx.db, streamId) : null;
        await assertMayJoin(ctx, stream, viewerOf(socket), socketGeo(ctx, socket));
        const set = joined.get(socket) ?? new Set<string>();
        joined.set(socket, set);
        if (!set.has(streamId)) {
          set.add(streamId);
          await socket.join(streamRoom(streamId));
          if (socket.data.userId) await addConnection(ctx.db, streamId, socket.data.userId, 1);
          scheduleRecount(streamId);
        }
        ack?.({ ok: true, viewerCount: stream!.viewerCount });
      } catch (err) {
        fail(ack, err);
      }
    });
    socket.on('stream/leave', (payload) => {
      leave(socket, String(payload?.streamId ?? '')).catch((err) => ctx.log.warn({ err }, 'stream leave failed'));
    });
    socket.on('disconnect', () => {
      for (const id of [...(joined.get(socket) ?? [])]) {
        leave(socket, id).catch((err) => ctx.log.warn({ err }, 'stream leave failed'));
      }
    });

    // Built-in provider: the creator's browser broadcast, chunk by chunk (acked after ffmpeg took it).
    socket.on('stream/publish', async (payload, ack) => {
      try {
        const userId = socket.data.userId;
        // Privileged events look at the session again (the session cache): a revoked one is cut off.
        if (!userId || !(await ctx.realtime.stillSignedIn(socket))) throw SIGN_IN();
        const streamId = String(payload?.streamId ?? '');
        const seq = Number(payload?.seq);
        const raw = payload?.chunk as unknown;
        const chunk = Buffer.isBuffer(raw) ? raw : raw instanceof ArrayBuffer ? Buffer.from(raw) : null;
        if (!chunk || !Number.isSafeInteger(seq) || seq < 0)
          throw new AppError(400, 'Send {streamId, seq, chunk}', 'BAD_CHUNK');
        if (chunk.length > ctx.config.SOCKET_MAX_MESSAGE_BYTES)
          throw new AppError(413, 'Chunk too large', 'PAYLOAD_TOO_LARGE');
        const cached = publishers.get(socket);
        if (cached !== streamId) {
          const stream = /^[0-9a-f-]{36}$/i.test(streamId) ? await findStream(ctx.db, streamId) : null;
          if (!stream || stream.performerId !== userId) throw new AppError(404, 'Stream not found', 'NOT_FOUND');
          if (stream.status !== 'live') throw new AppError(409, 'This stream is not live', 'STREAM_NOT_LIVE');
          publishers.set(socket, streamId);
        }
        await ingestFor(ctx).browserChunk(streamId, userId, seq, chunk);
        ack?.({ ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) {
          fail(ack, new AppError(409, (err as Error).message, 'INGEST_ERROR'));
          return;
        }
        fail(ack, err);
      }
    });

    // Private shows: parties only.
    socket.on('private/join', async (payload, ack) => {
      try {
        const viewer = viewerOf(socket);
        if (!viewer || !(await ctx.realtime.stillSignedIn(socket))) throw SIGN_IN();
        const session = await joinSession(ctx, viewer, String(payload?.sessionId ?? ''));
        ack?.({ ok: true, session });
      } catch (err) {
        fail(ack, err);
      }
    });
    socket.on('private/heartbeat', async (payload) => {
      const userId = socket.data.userId;
      if (!userId || !(await ctx.realtime.stillSignedIn(socket))) return;
      heartbeat(ctx, userId, String(payload?.sessionId ?? '')).catch((err) =>
        ctx.log.warn({ err }, 'private heartbeat failed'),
      );
    });
    socket.on('private/signal', async (payload) => {
      const userId = socket.data.userId;
      if (!userId || !payload?.data || typeof payload.data !== 'object') return;
      if (!(await ctx.realtime.stillSignedIn(socket))) return;
      const sessionId = String(payload.sessionId ?? '');
      const open = await openSessionFor(ctx, userId, sessionId).catch(() => null);
      if (!open) return;
      ctx.realtime.toUser(open.peerId, 'private/signal', { sessionId, fromUserId: userId, data: payload.data });
    });
    socket.on('private/leave', (payload) => {
      const viewer = viewerOf(socket);
      if (!viewer) return;
      leaveSession(ctx, viewer, String(payload?.sessionId ?? '')).catch((err) =>
        ctx.log.warn({ err }, 'private leave failed'),
      );
    });
  });
}
