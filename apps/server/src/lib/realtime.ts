import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@marquee/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';

export type AuthResolver = (token: string) => Promise<{ id: string; role: string } | null>;
type Events = ServerToClientEvents;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  object,
  { userId?: string; role?: string }
>;

/**
 * socket.io on the API's own HTTP server. Each signed-in socket joins `user:<id>`;
 * modules emit through this interface after commit. With REDIS_URL the Redis
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
  /** With redisUrl, events fan out through Redis to every node (channels prefixed with redisPrefix). */
  attach(server: HttpServer, resolve: AuthResolver, redisUrl?: string, redisPrefix?: string): Promise<void>;
  close(): Promise<void>;
  readonly io: Server | null;
}

export function createRealtime(log: { warn: (o: object, m: string) => void }): Realtime {
  let io: Server<ClientToServerEvents, ServerToClientEvents> | null = null;
  const handlers: Array<(socket: RealtimeSocket) => void> = [];
  const redisClients: Redis[] = [];

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
    await socket.join(`user:${user.id}`);
    socket.emit('auth/success', { userId: user.id });
  }

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
    async attach(server, resolve, redisUrl, redisPrefix = 'marquee') {
      io = new Server(server, {
        path: '/socket.io',
        serveClient: false,
        cors: { origin: true, credentials: true },
        // Browser broadcast chunks (streaming) are up to a few MB.
        maxHttpBufferSize: 4 * 1024 * 1024,
      });
      if (redisUrl) {
        const pub = new Redis(redisUrl);
        const sub = pub.duplicate();
        redisClients.push(pub, sub);
        io.adapter(createAdapter(pub, sub, { key: `${redisPrefix}-socket.io` }));
      }
      io.on('connection', async (socket: RealtimeSocket) => {
        const token = typeof socket.handshake.query.token === 'string' ? socket.handshake.query.token : undefined;
        socket.on('auth/login', (payload) => {
          authenticate(socket, payload?.token, resolve).catch((err) => log.warn({ err }, 'socket auth failed'));
        });
        await authenticate(socket, token, resolve);
        for (const h of handlers) h(socket);
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
