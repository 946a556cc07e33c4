import fs from 'node:fs';
import path from 'node:path';
import type { LiveMonitor, StreamWarningEvent } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { buildStream, buildStreamSettings } from '../../../test/factories.streaming';
import { useTestApp } from '../../../test/harness';
import { useSockets } from '../../../test/sockets';
import type { App } from '../../app';
import { auditLog, entitlements, privateSessions, streams, users, walletCharges } from '../../db/schema';
import { hlsDir } from '../streaming';
import { joinSession } from '../streaming/private.service';

const t = useTestApp();
const open = useSockets();

const buildModerator = (app: App) => buildUser(app, { staffRole: 'moderator' });

/** A live stream with HLS output on disk, as the built-in provider writes it. */
async function liveWithOutput(app: App, creatorId: string, priceCents: number) {
  const stream = await buildStream(app, creatorId, { type: priceCents > 0 ? 'group' : 'public', priceCents });
  const dir = hlsDir(app.ctx, stream.id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg_0.ts\n');
  fs.writeFileSync(path.join(dir, 'seg_0.ts'), Buffer.alloc(188 * 4, 0x47));
  return stream;
}

async function startShow(app: App, creator: Actor, fan: Actor) {
  await buildStreamSettings(app, creator.user.id, { privatePriceCents: 100 });
  await fundWallet(app, fan.user.id, 1000);
  const req = await app.inject({
    method: 'POST',
    url: '/api/streaming/private/requests',
    headers: fan.auth,
    payload: { performerId: creator.user.id },
  });
  expect(req.statusCode, req.body).toBe(201);
  const accepted = await app.inject({
    method: 'PUT',
    url: `/api/streaming/private/requests/${req.json()._id}/accept`,
    headers: creator.auth,
  });
  const id = accepted.json()._id as string;
  await joinSession(app.ctx, { id: fan.user.id, role: 'user' }, id);
  await joinSession(app.ctx, { id: creator.user.id, role: 'performer' }, id);
  return id;
}

const audits = (app: App, action: string, targetId: string) =>
  app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('live monitor (issue 26 item 2)', () => {
  it('lists every live stream and private show for moderators, with a thumbnail link; fans and creators get 403', async () => {
    const { app } = t();
    const mod = await buildModerator(app);
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const fan = await buildUser(app);
    const stream = await liveWithOutput(app, creator.user.id, 500);
    const show = await startShow(app, other, fan);
    const res = await app.inject({ method: 'GET', url: '/api/admin/live-monitor', headers: mod.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as LiveMonitor;
    const s = body.data.find((d) => d._id === stream.id)!;
    expect(s).toMatchObject({ kind: 'stream', type: 'group', price: 5, creator: { _id: creator.user.id } });
    expect(s.thumbnailUrl).toMatch(new RegExp(`^/api/admin/live-monitor/thumbnails/${stream.id}/`));
    expect(body.data.find((d) => d._id === show)).toMatchObject({
      kind: 'private',
      status: 'live',
      creator: { _id: other.user.id },
      fan: { _id: fan.user.id },
      thumbnailUrl: null,
    });
    for (const who of [fan, creator])
      expect((await app.inject({ method: 'GET', url: '/api/admin/live-monitor', headers: who.auth })).statusCode).toBe(
        403,
      );
    // The thumbnail link is the moderator's: another account's session gets 403.
    const other403 = await app.inject({ method: 'GET', url: s.thumbnailUrl!, headers: fan.auth });
    expect(other403.statusCode).toBe(403);
  });

  it('a moderator watches a paid stream invisibly: never charged, not counted, not listed; audited', async () => {
    const { app } = t();
    const mod = await buildModerator(app);
    const creator = await buildPerformer(app);
    const stream = await liveWithOutput(app, creator.user.id, 500);
    const watch = await app.inject({
      method: 'GET',
      url: `/api/admin/live-monitor/streams/${stream.id}/watch`,
      headers: mod.auth,
    });
    expect(watch.statusCode, watch.body).toBe(200);
    const hlsUrl = watch.json().hlsUrl as string;
    for (const file of ['index.m3u8', 'seg_0.ts']) {
      const got = await app.inject({ method: 'GET', url: hlsUrl.replace('index.m3u8', file), headers: mod.auth });
      expect(got.statusCode, `${file} ${got.body}`).toBe(200);
    }
    // The same join as a plain fan would be refused (paid): the moderator paid nothing.
    const fan = await buildUser(app);
    expect((await app.inject({ url: `/api/streaming/join/${stream.id}`, headers: fan.auth })).statusCode).toBe(402);
    expect(await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, mod.user.id))).toEqual([]);
    expect(await app.ctx.db.select().from(entitlements).where(eq(entitlements.userId, mod.user.id))).toEqual([]);
    const viewers = await app.inject({ url: `/api/streaming/${stream.id}/viewers`, headers: creator.auth });
    expect(viewers.json()).toMatchObject({ count: 0, viewers: [] });
    const [row] = await app.ctx.db.select().from(streams).where(eq(streams.id, stream.id));
    expect(row.viewerCount).toBe(0);
    expect(await audits(app, 'stream.monitor_watch', stream.id)).toHaveLength(1);
  });

  it('warn reaches the creator over the socket at once; end stops the stream for its viewers; both audited with the reason', async () => {
    const { app } = t();
    const mod = await buildModerator(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const stream = await liveWithOutput(app, creator.user.id, 0);
    const [creatorSock, fanSock] = await Promise.all([open(app, creator.token), open(app, fan.token)]);
    expect(await fanSock.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({ ok: true });
    const warned = new Promise<StreamWarningEvent>((r) => creatorSock.once('stream/warning', r));
    const warn = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/stream/${stream.id}/warn`,
      headers: mod.auth,
      payload: { reason: 'Keep it within the site rules, please' },
    });
    expect(warn.statusCode, warn.body).toBe(200);
    expect(await warned).toMatchObject({
      kind: 'stream',
      id: stream.id,
      message: 'Keep it within the site rules, please',
    });
    expect((await audits(app, 'stream.warn', stream.id))[0]).toMatchObject({
      actorId: mod.user.id,
      reason: 'Keep it within the site rules, please',
    });
    // A reason is required.
    const bare = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/stream/${stream.id}/end`,
      headers: mod.auth,
      payload: { reason: '' },
    });
    expect(bare.statusCode).toBe(400);
    const ended = new Promise<{ reason: string }>((r) => fanSock.once('stream/ended', r));
    const end = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/stream/${stream.id}/end`,
      headers: mod.auth,
      payload: { reason: 'Nudity in a public stream' },
    });
    expect(end.statusCode, end.body).toBe(200);
    expect((await ended).reason).toBe('admin');
    const [row] = await app.ctx.db.select().from(streams).where(eq(streams.id, stream.id));
    expect(row).toMatchObject({ status: 'ended', endedBy: 'admin' });
    expect((await audits(app, 'stream.end', stream.id))[0]).toMatchObject({ reason: 'Nudity in a public stream' });
    // Warning an ended stream: 409.
    const late = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/stream/${stream.id}/warn`,
      headers: mod.auth,
      payload: { reason: 'too late' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('suspend ends the stream and suspends the creator (sessions end); a moderator cannot suspend staff', async () => {
    const { app } = t();
    const mod = await buildModerator(app);
    const creator = await buildPerformer(app);
    const stream = await liveWithOutput(app, creator.user.id, 0);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/stream/${stream.id}/suspend`,
      headers: mod.auth,
      payload: { reason: 'Underage person on camera' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.ctx.db.select().from(streams).where(eq(streams.id, stream.id));
    expect(row.status).toBe('ended');
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(u.status).toBe('suspended');
    expect((await app.inject({ url: '/api/users/me', headers: creator.auth })).statusCode).toBe(401);
    const [suspension] = await audits(app, 'user.suspend', creator.user.id);
    expect(suspension.actorId).toBe(mod.user.id);
    expect(suspension.reason).toContain('Underage person on camera');
    // An admin who streams (admins may) is out of a moderator's reach.
    const admin = await buildAdmin(app);
    const adminStream = await buildStream(app, admin.user.id);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/stream/${adminStream.id}/suspend`,
      headers: mod.auth,
      payload: { reason: 'trying' },
    });
    expect(refused.statusCode).toBe(403);
    const [still] = await app.ctx.db.select().from(streams).where(eq(streams.id, adminStream.id));
    expect(still.status).toBe('live');
  });

  it('a private show: warned and ended by a moderator (end reason admin), without a charge for the moderator', async () => {
    const { app } = t();
    const mod = await buildModerator(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const show = await startShow(app, creator, fan);
    const creatorSock = await open(app, creator.token);
    const warned = new Promise<StreamWarningEvent>((r) => creatorSock.once('stream/warning', r));
    const warn = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/private/${show}/warn`,
      headers: mod.auth,
      payload: { reason: 'Reminder of the rules' },
    });
    expect(warn.statusCode, warn.body).toBe(200);
    expect(await warned).toMatchObject({ kind: 'private', id: show });
    const end = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/private/${show}/end`,
      headers: mod.auth,
      payload: { reason: 'Prohibited act' },
    });
    expect(end.statusCode, end.body).toBe(200);
    const [row] = await app.ctx.db.select().from(privateSessions).where(eq(privateSessions.id, show));
    expect(row).toMatchObject({ status: 'ended', endReason: 'admin' });
    expect(await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, mod.user.id))).toEqual([]);
    expect((await audits(app, 'private.end', show))[0]).toMatchObject({ reason: 'Prohibited act' });
  });

  it('samples private shows by the setting (100 %: every show, 0 %: none), logged, in a queue a moderator works off', async () => {
    const { app } = t();
    const mod = await buildModerator(app);
    await app.ctx.settings.update({ privateShowSamplePercent: 100 }, null);
    const picked = await startShow(app, await buildPerformer(app), await buildUser(app));
    await app.ctx.settings.update({ privateShowSamplePercent: 0 }, null);
    const skipped = await startShow(app, await buildPerformer(app), await buildUser(app));
    const [a] = await app.ctx.db.select().from(privateSessions).where(eq(privateSessions.id, picked));
    const [b] = await app.ctx.db.select().from(privateSessions).where(eq(privateSessions.id, skipped));
    expect(a.sampledAt).toBeInstanceOf(Date);
    expect(b.sampledAt).toBeNull();
    expect(await audits(app, 'stream.sample', picked)).toHaveLength(1);
    expect(await audits(app, 'stream.sample', skipped)).toHaveLength(0);
    const monitor = (await app.inject({ url: '/api/admin/live-monitor', headers: mod.auth })).json() as LiveMonitor;
    expect(monitor).toMatchObject({ samplePercent: 0, samplesOpen: 1 });
    expect(monitor.data.find((d) => d._id === picked)?.sampled).toBe(true);
    const queue = await app.inject({ url: '/api/admin/live-monitor/samples', headers: mod.auth });
    expect(queue.json()).toMatchObject({ total: 1, data: [{ _id: picked, reviewedAt: null }] });
    const done = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/samples/${picked}/reviewed`,
      headers: mod.auth,
      payload: { note: 'Looked, fine' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await app.inject({ url: '/api/admin/live-monitor/samples', headers: mod.auth })).json().total).toBe(0);
    const reviewed = await app.inject({ url: '/api/admin/live-monitor/samples?state=reviewed', headers: mod.auth });
    expect(reviewed.json().data[0]).toMatchObject({ _id: picked, reviewedBy: mod.user.username });
    expect((await audits(app, 'stream.sample_reviewed', picked))[0]).toMatchObject({ reason: 'Looked, fine' });
    const notSampled = await app.inject({
      method: 'POST',
      url: `/api/admin/live-monitor/samples/${skipped}/reviewed`,
      headers: mod.auth,
      payload: {},
    });
    expect(notSampled.statusCode).toBe(404);
  });

  it('go-live passes the compliance gate: a creator whose items wait for review goes live flagged for the monitor', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    await app.ctx.settings.update({ reviewMode: 'nothing' }, null);
    const first = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Unflagged' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const [a] = await app.ctx.db.select().from(streams).where(eq(streams.id, first.json()._id));
    expect(a.monitorFlag).toBeNull();
    await app.inject({ method: 'PUT', url: `/api/streaming/live/${a.id}`, headers: creator.auth });
    await app.ctx.settings.update({ reviewMode: 'everything' }, null);
    const second = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Flagged' },
    });
    expect(second.statusCode, second.body).toBe(201);
    const [b] = await app.ctx.db.select().from(streams).where(eq(streams.id, second.json()._id));
    expect(b.monitorFlag).toBe('review');
    const mod = await buildModerator(app);
    const monitor = (await app.inject({ url: '/api/admin/live-monitor', headers: mod.auth })).json() as LiveMonitor;
    expect(monitor.data.find((d) => d._id === b.id)?.monitorFlag).toBe('review');
  });
});
