import { io as connect, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import type { App } from '../src/app';

/**
 * Socket.io clients of a test app, closed after each test: `open(app, token)` listens on a free
 * loopback port if the app does not yet, connects over WebSocket without reconnecting and resolves
 * once the server said `auth/success` (or rejects with the connect_error).
 */
export function useSockets() {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  return async function open(app: App, token: string): Promise<Socket> {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('auth/success', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
}
