import { REALTIME_OPTIONS } from '@marquee/shared/constants';
import type { ClientToServerEvents, RealtimeStatus, ServerToClientEvents } from '@marquee/shared/realtime';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { getRuntimeConfig } from './config';

export type RealtimeEvent = keyof ServerToClientEvents;
export type RealtimePayload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];
type AnyHandler = (payload: unknown) => void;
type StatusListener = (status: RealtimeStatus) => void;

let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
let generation = 0;
/** This browser is ending its own session (logout, erasure): the revocation that follows is expected. */
let endingHere = false;

/** Marks (or unmarks, when the request failed) that this browser itself is ending its session. */
export function setEndingSessionHere(ending: boolean): void {
  endingHere = ending;
}

/** Whether a revocation of this session came from elsewhere (another device, an admin), not from here. */
export const revokedElsewhere = () => !endingHere;
const handlers = new Map<RealtimeEvent, Set<AnyHandler>>();

function attach(target: Socket, event: RealtimeEvent, handler: AnyHandler): void {
  (target as unknown as { on(e: string, h: AnyHandler): void }).on(event, handler);
}

/**
 * Opens the one socket.io connection for the signed-in user (spec §4 and §7). Calling it again
 * replaces the previous connection. Status changes are reported to `onStatus`.
 */
export async function connectRealtime(token: string, onStatus: StatusListener): Promise<void> {
  disconnectRealtime();
  endingHere = false;
  const myGeneration = ++generation;
  onStatus('initialized');
  // Loaded on demand so signed-out visitors never download the socket client.
  const { io } = await import('socket.io-client');
  if (myGeneration !== generation) return; // disconnected (logout, unmount) while loading

  const s: Socket<ServerToClientEvents, ClientToServerEvents> = io(getRuntimeConfig().socketUrl ?? '', {
    ...REALTIME_OPTIONS,
    transports: [...REALTIME_OPTIONS.transports],
    query: { token },
  });
  socket = s;

  s.on('connect', () => onStatus('connected'));
  s.on('disconnect', () => onStatus('disconnect'));
  s.on('connect_error', () => onStatus('failed'));
  // socket.io v4 reports reconnection on the Manager, not on the socket.
  s.io.on('reconnect_attempt', () => onStatus('reconnecting'));
  s.io.on('reconnect', () => {
    onStatus('connected');
    s.emit('auth/login', { token });
  });
  s.io.on('reconnect_failed', () => onStatus('failed'));
  s.io.on('error', () => onStatus('failed'));

  for (const [event, set] of handlers) for (const handler of set) attach(s, event, handler);
}

/** Closes the connection (logout and cleanup). Subscriptions made with `on` survive for the next one. */
export function disconnectRealtime(): void {
  generation++;
  if (!socket) return;
  socket.io.off();
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
}

/** Typed subscription to a server event from the shared event map. Returns the unsubscribe function. */
export function on<E extends RealtimeEvent>(event: E, handler: (payload: RealtimePayload<E>) => void): () => void {
  const fn = handler as AnyHandler;
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(fn);
  if (socket) attach(socket, event, fn);
  return () => {
    set.delete(fn);
    (socket as unknown as { off(e: string, h: AnyHandler): void } | null)?.off(event, fn);
  };
}

export function emit<E extends keyof ClientToServerEvents>(
  event: E,
  ...args: Parameters<ClientToServerEvents[E]>
): void {
  socket?.emit(event, ...args);
}

/** Subscribes a component to a realtime event for its lifetime; the latest handler is always called. */
export function useRealtimeEvent<E extends RealtimeEvent>(
  event: E,
  handler: (payload: RealtimePayload<E>) => void,
): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => on(event, (payload) => ref.current(payload)), [event]);
}
