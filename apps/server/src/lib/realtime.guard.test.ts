import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { useSockets } from '../../test/sockets';
import type { RealtimeSocket } from './realtime';

/**
 * Issue 23 item 1: no socket handler may take the process down. A module's listener that throws,
 * or whose promise rejects, is logged; before the guard a rejection was an unhandled rejection,
 * which ends a Node process.
 */
const t = useTestApp();
const open = useSockets();

describe('socket handlers that fail', () => {
  it('a throwing or rejecting listener is logged; the socket and the server carry on', async () => {
    const { app } = t();
    const failures: string[] = [];
    const warn = app.ctx.log.warn.bind(app.ctx.log);
    app.ctx.log.warn = ((obj: { event?: string }, msg?: string) => {
      if (msg === 'socket handler failed') failures.push(String(obj.event));
      return warn(obj as never, msg as never);
    }) as typeof app.ctx.log.warn;
    app.ctx.realtime.onConnection((socket: RealtimeSocket) => {
      const on = socket.on as unknown as (event: string, fn: (...args: unknown[]) => unknown) => void;
      on('test/throws', () => {
        throw new Error('a bug in a handler');
      });
      on('test/rejects', async () => {
        throw new Error('a bug after an await');
      });
      on('test/echo', (_payload: unknown, ack: unknown) => (ack as (v: unknown) => void)({ ok: true }));
    });
    const fan = await buildUser(app);
    const s = await open(app, fan.token);
    const raw = s as unknown as { emit: (e: string, ...a: unknown[]) => void; emitWithAck: Socket['emitWithAck'] };
    raw.emit('test/throws', {});
    raw.emit('test/rejects', {});
    expect(await raw.emitWithAck('test/echo' as never, {} as never)).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(failures.sort()).toEqual(['test/rejects', 'test/throws']);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
