import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { mailOutbox } from '../../db/schema';
import { notify } from './notifications.service';

const t = useTestApp();
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

async function listen(token: string) {
  const { app } = t();
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    query: { token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('auth/success', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('notifications', () => {
  it('lists, counts, marks read and deletes only the owner’s notifications', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const other = await buildUser(app);
    await notify(app.ctx, fan.user.id, { kind: 'tip', title: 'You got a tip', body: '$10 from alex' });
    await notify(app.ctx, [fan.user.id, other.user.id], { kind: 'new_post', title: 'New post', link: '/luna' });

    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: fan.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().data.map((n: { title: string }) => n.title)).toEqual(['New post', 'You got a tip']);
    const count = await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: fan.auth });
    expect(count.json()).toEqual({ total: 2 });

    const id = list.json().data[0]._id;
    const foreign = await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: other.auth });
    expect(foreign.statusCode).toBe(404); // a foreign id is 404 like every other
    const read = await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: fan.auth });
    expect(read.json()).toEqual({ total: 1 });
    const again = await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: fan.auth });
    expect(again.json()).toEqual({ total: 1 }); // an own, already read one stays 200
    const del = await app.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers: other.auth });
    expect(del.statusCode).toBe(404);
    const all = await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: fan.auth });
    expect(all.json()).toEqual({ total: 0 });
  });

  it('requires sign-in', async () => {
    const { app } = t();
    const res = await app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
  });

  it('respects preferences: no in-app row when turned off, mail for important kinds by default', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const prefs = await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: fan.auth,
      payload: { preferences: [{ kind: 'like', inApp: false, email: false }] },
    });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().find((p: { kind: string }) => p.kind === 'like')).toMatchObject({ inApp: false });
    expect(await notify(app.ctx, fan.user.id, { kind: 'like', title: 'Someone liked your post' })).toBe(0);
    await notify(app.ctx, fan.user.id, { kind: 'tip', title: 'You got a tip' });
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, fan.user.email!));
    expect(mails.map((m) => m.subject)).toEqual(['[Marquee] You got a tip']);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: fan.auth,
      payload: { preferences: [{ kind: 'nope', inApp: true, email: true }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("lists a fan's preferences without the creator-only kinds; a creator sees them all", async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const kinds = async (auth: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: auth }))
        .json()
        .map((p: { kind: string }) => p.kind);
    const fanKinds = await kinds(fan.auth);
    expect(fanKinds).toContain('new_post');
    for (const kind of ['new_subscriber', 'tip', 'purchase', 'payout', 'verification']) {
      expect(fanKinds).not.toContain(kind);
    }
    expect(await kinds(creator.auth)).toEqual(expect.arrayContaining(['new_subscriber', 'payout', 'new_post']));
  });

  it('pushes new notifications and the unread total to every socket of the user, none to others', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const stranger = await buildUser(app);
    const tab1 = await listen(fan.token);
    const tab2 = await listen(fan.token);
    const third = await listen(stranger.token);
    const got: string[] = [];
    third.on('notification/new', () => got.push('stranger'));
    const received = Promise.all(
      [tab1, tab2].map((s) => new Promise<{ title: string }>((r) => s.once('notification/new', r))),
    );
    const totals = new Promise<{ total: number }>((r) => tab1.once('notification/unread', r));
    await notify(app.ctx, fan.user.id, { kind: 'system', title: 'Welcome' });
    expect((await received).map((n) => n.title)).toEqual(['Welcome', 'Welcome']);
    expect(await totals).toEqual({ total: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([]);
  });
});
