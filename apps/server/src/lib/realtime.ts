import type { Server as HttpServer } from 'node:http';
import net from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents, SocketsPerIpRefusal } from '@marquee/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { en } from './i18n/en';

export interface SocketUser {
  id: string;
  role: string;
  sessionId: string;
}
export type AuthResolver = (token: string) => Promise<SocketUser | null>;
type Events = ServerToClientEvents;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  object,
  { userId?: string; role?: string; sessionId?: string }
>;

export interface RealtimeOptions {
  /** The user behind a token (the session cache): at connect, and again before privileged events. */
  resolve: AuthResolver;
  /** The user's sessions that are still valid, read from the database (after a revocation). */
  liveSessions: (userId: string) => Promise<Set<string>>;
  /** With redisUrl, events fan out through Redis to every node (channels prefixed with redisPrefix). */
  redisUrl?: string;
  redisPrefix?: string;
  /** X-Forwarded-For names the client (as Fastify's trustProxy). */
  trustProxy?: boolean;
  /** Open sockets per client address on this node. */
  socketsPerIp: number;
  /** socket.io maxHttpBufferSize: a larger message closes the connection. */
  maxMessageBytes: number;
  /** Counts a client event of an account / address; null: allowed, else ms until it may retry. */
  limitEvent?: (who: { userId?: string; ip: string }) => Promise<number | null>;
  /** The wait as words ("5 seconds") for the rate-limited text. */
  describeWait?: (ms: number) => string;
  /**
   * Whether a connection may open (issue 27: the place's rule and the age check): null admits it,
   * else the error code the handshake is refused with. Asked with the socket's user and address.
   */
  admit?: (who: {
    user: SocketUser | null;
    cookieHeader: string | undefined;
    geo: { ip: string };
  }) => Promise<string | null>;
}

/**
 * socket.io on the API's own HTTP server. Each signed-in socket joins `user:<id>` and remembers
 * its session; modules emit through this interface after commit. With REDIS_URL the Redis
 * adapter fans events out across instances.
 */
export interface Realtime {
  toUser<E extends keyof Events>(userId: string, event: E, ...args: Parameters<Events[E]>): void;
  toRoom<E extends keyof Events>(room: string, event: E, ...args: Parameters<Events[E]>): void;
  /** Makes every socket of a user join (or leave) a room, on every instance. */
  joinUser(userId: string, room: string): void;
  leaveUser(userId: string, room: string): void;
  /** Modules add their own socket handlers (e.g. stream signalling). */
  onConnection(handler: (socket: RealtimeSocket) => void): void;
  /**
   * A user's sessions changed (the sessions topic of the invalidation bus, heard by every node):
   * this node disconnects its sockets whose session is no longer valid.
   */
  recheckUser(userId: string): Promise<void>;
  /** Before a privileged event: whether the socket's session is still valid; if not it is disconnected. */
  stillSignedIn(socket: RealtimeSocket): Promise<boolean>;
  attach(server: HttpServer, options: RealtimeOptions): Promise<void>;
  close(): Promise<void>;
  readonly io: Server | null;
}

/** The client's address, as the HTTP side sees it (X-Forwarded-For only behind a trusted proxy). */
export function socketAddress(socket: Pick<RealtimeSocket, 'handshake'>, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = socket.handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
    if (first && net.isIP(first)) return first;
  }
  return socket.handshake.address;
}

/** A second look a moment later: a bus message sent inside a transaction (Redis) can precede its commit. */
const RECHECK_AGAIN_MS = 2000;

type WarnLog = { warn: (o: object, m: string) => void };

/**
 * Every listener added to a socket (here and by the modules) runs guarded: a throw or a rejected
 * promise is logged, never an uncaught exception or unhandled rejection that ends the process.
 */
function guardListeners(socket: RealtimeSocket, log: WarnLog): void {
  const on = socket.on.bind(socket) as (event: string, listener: (...args: unknown[]) => void) => RealtimeSocket;
  const failed = (event: string) => (err: unknown) => log.warn({ err, event }, 'socket handler failed');
  const guarded = (event: string, listener: (...args: unknown[]) => unknown) =>
    on(event, (...args) => {
      try {
        const result = listener(...args);
        if (result instanceof Promise) result.catch(failed(event));
      } catch (err) {
        failed(event)(err);
      }
    });
  socket.on = guarded as unknown as RealtimeSocket['on'];
}

export function createRealtime(log: WarnLog): Realtime {
  let io: Server<ClientToServerEvents, ServerToClientEvents> | null = null;
  let opts: RealtimeOptions | null = null;
  const handlers: Array<(socket: RealtimeSocket) => void> = [];
  const redisClients: Redis[] = [];
  // Tokens stay on this node (socket.data travels to other nodes through the adapter).
  const tokens = new WeakMap<RealtimeSocket, string>();
  const perIp = new Map<string, number>();

  async function authenticate(socket: RealtimeSocket, token: string | undefined, resolve: AuthResolver) {
    if (!token) return; // anonymous sockets (e.g. stream viewers) stay unauthenticated
    const user = await resolve(token).catch(() => null);
    if (!user) {
      socket.emit('auth/error', { message: 'Invalid or expired token' });
      return;
    }
    if (socket.data.userId && socket.data.userId !== user.id) await socket.leave(`user:${socket.data.userId}`);
    socket.data.userId = user.id;
    socket.data.role = user.role;
    socket.data.sessionId = user.sessionId;
    tokens.set(socket, token);
    await socket.join(`user:${user.id}`);
    socket.emit('auth/success', { userId: user.id });
  }

  function revoke(socket: { emit: RealtimeSocket['emit']; disconnect(close?: boolean): unknown }) {
    socket.emit('auth/revoked', { message: en['error.sessionEnded'] });
    socket.disconnect(true);
  }

  /** Refuses a connection from an address that already has `socketsPerIp` sockets open here. */
  function capPerIp(socket: RealtimeSocket, next: (err?: Error) => void) {
    const ip = socketAddress(socket, opts!.trustProxy ?? false);
    const open = perIp.get(ip) ?? 0;
    if (open >= opts!.socketsPerIp) {
      const err = new Error(en['error.tooManySockets']) as Error & { data: SocketsPerIpRefusal };
      err.data = { limit: 'sockets-per-ip', max: opts!.socketsPerIp };
      next(err);
      return;
    }
    perIp.set(ip, open + 1);
    socket.once('disconnect', () => {
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left > 0) perIp.set(ip, left);
      else perIp.delete(ip);
    });
    next();
  }

  /** Every client event counts against its address and its account; over either, it is dropped. */
  function limitEvents(socket: RealtimeSocket) {
    const limit = opts!.limitEvent;
    if (!limit) return;
    const ip = socketAddress(socket, opts!.trustProxy ?? false);
    socket.use(([event, ...args], next) => {
      limit({ userId: socket.data.userId, ip })
        .catch(() => null)
        .then((wait) => {
          if (wait === null) return next();
          const words = opts!.describeWait?.(wait) ?? `${Math.ceil(wait / 1000)} seconds`;
          const message = en['error.tooManySocketEvents'].replace('{{wait}}', words);
          socket.emit('rate-limited', { limit: 'socket-events', event: String(event), message, retryAfterMs: wait });
          const ack = args.at(-1);
          if (typeof ack === 'function') ack({ ok: false, status: 429, message });
        });
    });
  }

  async function recheck(userId: string, again: boolean) {
    if (!io || !opts) return;
    const local = await io.local.in(`user:${userId}`).fetchSockets();
    if (!local.length) return;
    const live = await opts.liveSessions(userId);
    let kept = 0;
    for (const s of local) {
      if (s.data.userId === userId && s.data.sessionId && !live.has(s.data.sessionId)) revoke(s);
      else kept++;
    }
    if (kept && again) setTimeout(() => void recheck(userId, false).catch(warn), RECHECK_AGAIN_MS).unref();
  }
  const warn = (err: unknown) => log.warn({ err }, 'socket session recheck failed');

  return {
    get io() {
      return io as Server | null;
    },
    toUser(userId, event, ...args) {
      io?.to(`user:${userId}`).emit(event, ...args);
    },
    toRoom(room, event, ...args) {
      io?.to(room).emit(event, ...args);
    },
    joinUser(userId, room) {
      io?.in(`user:${userId}`).socketsJoin(room);
    },
    leaveUser(userId, room) {
      io?.in(`user:${userId}`).socketsLeave(room);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
    recheckUser(userId) {
      return recheck(userId, true).catch(warn);
    },
    async stillSignedIn(socket) {
      const token = tokens.get(socket);
      if (!token || !opts || !socket.data.userId) return false;
      const user = await opts.resolve(token).catch(() => null);
      if (user?.id === socket.data.userId && user.sessionId === socket.data.sessionId) return true;
      revoke(socket);
      return false;
    },
    async attach(server, options) {
      opts = options;
      io = new Server(server, {
        path: '/socket.io',
        serveClient: false,
        cors: { origin: true, credentials: true },
        // Above a browser broadcast chunk (docs/streaming.md); a larger message closes the connection.
        maxHttpBufferSize: options.maxMessageBytes,
      });
      if (options.redisUrl) {
        const pub = new Redis(options.redisUrl);
        const sub = pub.duplicate();
        redisClients.push(pub, sub);
        io.adapter(createAdapter(pub, sub, { key: `${options.redisPrefix ?? 'marquee'}-socket.io` }));
      }
      io.use(capPerIp);
      io.use((socket, next) => {
        if (!options.admit) return next();
        const token = typeof socket.handshake.query.token === 'string' ? socket.handshake.query.token : undefined;
        const ip = socketAddress(socket, options.trustProxy ?? false);
        (token ? options.resolve(token).catch(() => null) : Promise.resolve(null))
          .then((user) => options.admit!({ user, cookieHeader: socket.handshake.headers.cookie, geo: { ip } }))
          .then((code) => next(code ? new Error(code) : undefined))
          .catch(() => next(new Error('UNAVAILABLE')));
      });
      io.on('connection', (socket: RealtimeSocket) => {
        guardListeners(socket, log);
        limitEvents(socket);
        const token = typeof socket.handshake.query.token === 'string' ? socket.handshake.query.token : undefined;
        socket.on('auth/login', (payload) => authenticate(socket, payload?.token, options.resolve));
        authenticate(socket, token, options.resolve)
          .then(() => {
            for (const h of handlers) h(socket);
          })
          .catch((err) => {
            log.warn({ err }, 'socket connection failed');
            socket.disconnect(true);
          });
      });
    },
    async close() {
      // A hint to this node's sockets only (not through Redis); the transport then closes, which
      // socket.io clients answer by reconnecting on their own (an explicit disconnect would not).
      io?.local.emit('server/reconnect', { reason: 'shutdown', retryAfterMs: 500 });
      if (io) await new Promise<void>((r) => io!.close(() => r()));
      io = null;
      for (const c of redisClients) c.disconnect();
    },
  };
}
