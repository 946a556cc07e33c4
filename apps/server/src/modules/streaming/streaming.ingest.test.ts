import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildStream } from '../../../test/factories.streaming';
import { ffmpegSync } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import { useSockets } from '../../../test/sockets';
import { performers, streams } from '../../db/schema';
import { watchRuns } from '../../lib/media/ffmpeg';
import { endStreamsWithoutIngest, INGEST_LIMITS, ingestFor } from './streaming.ingest';

/** Issue 23 items 2 and 6: one encoder per stream, restarts rate-limited; a stream without an ingest ends. */
const t = useTestApp();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-ingest-'));
const open = useSockets();
afterEach(() => {
  ingestFor(t().app.ctx).stopAll();
  ingestFor(t().app.ctx).limits = { ...INGEST_LIMITS };
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** What a browser's MediaRecorder would send (WebM), long enough to keep an encoder busy. */
beforeAll(() => {
  ffmpegSync([
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15', '-t', '3'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k', path.join(tmp, 'browser.webm')],
  ]);
}, 60_000);

type App = ReturnType<typeof t>['app'];

/** A process that runs (exists and is no zombie). */
function running(pid: number): boolean {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Process ids of running ffmpeg processes whose arguments name this stream (its HLS folder). */
function encodersOf(streamId: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('ffmpeg') && cmd.includes(streamId) && running(Number(entry))) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

async function until<T>(fn: () => Promise<T | null> | T | null, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function goLive(app: App, auth: { authorization: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/streaming/live',
    headers: auth,
    payload: { title: 'Live' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

/** A fan in the stream's room, and the `stream/ended` events the fan gets. */
async function fanInRoom(app: App, streamId: string) {
  const fan = await buildUser(app);
  const sock = await open(app, fan.token);
  expect(await sock.emitWithAck('stream/join', { streamId })).toMatchObject({ ok: true });
  const ended: Array<{ streamId: string; reason: string }> = [];
  sock.on('stream/ended', (e: { streamId: string; reason: string }) => ended.push(e));
  return { fan, ended };
}

async function listedLive(app: App) {
  const res = await app.inject({ method: 'GET', url: '/api/streaming/user/search' });
  return (res.json().data as Array<{ _id: string }>).map((s) => s._id);
}

describe('issue 23 item 2: one creator cannot fork-bomb the encoder', () => {
  it('seq 0 every 10 ms for 3 s: at most one encoder alive, starts bounded, the rest refused with a wait', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const streamId = await goLive(app, creator.auth);
    const sock = await open(app, creator.token);
    const chunk = fs.readFileSync(path.join(tmp, 'browser.webm')).subarray(0, 32 * 1024);

    // Every encoder start is seen (watchRuns); its process is found right after, then sampled often.
    let starts = 0;
    const seen = new Set<number>();
    let maxAlive = 0;
    const sample = () => {
      maxAlive = Math.max(maxAlive, [...seen].filter(running).length);
    };
    const unwatch = watchRuns((_bin, args) => {
      if (!args.some((a) => a.includes(streamId))) return;
      starts++;
      setImmediate(() => {
        for (const pid of encodersOf(streamId)) seen.add(pid);
        sample();
      });
    });
    const sampler = setInterval(sample, 5);
    const acks: Array<Promise<{ ok: boolean; status?: number; message?: string }>> = [];
    const healthMs: number[] = [];
    try {
      // 300 publishes 10 ms apart (3 s on a quiet machine): counted, not timed, so a busy machine sends as many.
      for (let i = 0; i < 300; i++) {
        acks.push(sock.timeout(20_000).emitWithAck('stream/publish', { streamId, seq: 0, chunk }));
        if (acks.length % 50 === 0) {
          const at = Date.now();
          expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
          healthMs.push(Date.now() - at);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      const answers = await Promise.all(acks);
      expect(starts).toBeGreaterThan(0);
      expect(starts).toBeLessThanOrEqual(INGEST_LIMITS.perStream);
      expect(maxAlive).toBeLessThanOrEqual(1);
      expect(answers.length).toBe(300);
      const refused = answers.filter((a) => !a.ok);
      expect(refused[0]).toMatchObject({
        status: 429,
        message: expect.stringMatching(/^Too many restarts, wait \d+ s$/),
      });
      expect(answers.filter((a) => a.ok).length).toBeLessThanOrEqual(INGEST_LIMITS.perStream);
      expect(Math.max(...healthMs)).toBeLessThan(1000);
    } finally {
      clearInterval(sampler);
      unwatch();
    }
  }, 60_000);

  it('the limit counts a creator across streams too', async () => {
    const { app } = t();
    const ingest = ingestFor(app.ctx);
    ingest.limits = { ...INGEST_LIMITS, perStream: 2, perCreator: 3 };
    const creator = await buildPerformer(app);
    const a = await buildStream(app, creator.user.id);
    const b = await buildStream(app, creator.user.id, { status: 'ended' });
    const chunk = Buffer.alloc(1024);
    await ingest.browserChunk(a.id, creator.user.id, 0, chunk);
    await ingest.browserChunk(a.id, creator.user.id, 0, chunk);
    await expect(ingest.browserChunk(a.id, creator.user.id, 0, chunk)).rejects.toMatchObject({ statusCode: 429 });
    await ingest.browserChunk(b.id, creator.user.id, 0, chunk);
    await expect(ingest.browserChunk(b.id, creator.user.id, 0, chunk)).rejects.toThrow(/Too many restarts, wait/);
  }, 30_000);
});

describe('issue 23 item 6: a stream without an ingest ends', () => {
  it('the encoder dies and is not restarted within the grace: the stream ends, viewers are told, /live drops it', async () => {
    const { app } = t();
    const ingest = ingestFor(app.ctx);
    ingest.limits = { ...INGEST_LIMITS, graceMs: 800, heartbeatMs: 200 };
    const creator = await buildPerformer(app);
    const streamId = await goLive(app, creator.auth);
    const { ended } = await fanInRoom(app, streamId);
    const sock = await open(app, creator.token);
    const chunk = fs.readFileSync(path.join(tmp, 'browser.webm')).subarray(0, 16 * 1024);
    expect(await sock.emitWithAck('stream/publish', { streamId, seq: 0, chunk })).toMatchObject({ ok: true });
    const [pid] = await until(() => (encodersOf(streamId).length ? encodersOf(streamId) : null), 'the encoder');
    const [row] = await app.ctx.db.select().from(streams).where(eq(streams.id, streamId));
    expect(row.ingestNode).toBe(ingest.node);
    expect(row.ingestSeenAt).not.toBeNull();

    process.kill(pid, 'SIGKILL');
    await until(() => (ended.length ? true : null), 'stream/ended');
    expect(ended).toEqual([{ streamId, reason: 'idle' }]);
    const after = await app.inject({ method: 'GET', url: `/api/streaming/${streamId}`, headers: creator.auth });
    expect(after.json()).toMatchObject({ status: 'ended' });
    expect(await listedLive(app)).not.toContain(streamId);
    const [perf] = await app.ctx.db.select().from(performers).where(eq(performers.userId, creator.user.id));
    expect(perf.isLive).toBe(false);
  }, 30_000);

  it('a restart within the grace keeps the stream live', async () => {
    const { app } = t();
    const ingest = ingestFor(app.ctx);
    ingest.limits = { ...INGEST_LIMITS, graceMs: 1500, heartbeatMs: 200 };
    const creator = await buildPerformer(app);
    const streamId = await goLive(app, creator.auth);
    const sock = await open(app, creator.token);
    const chunk = fs.readFileSync(path.join(tmp, 'browser.webm')).subarray(0, 16 * 1024);
    await sock.emitWithAck('stream/publish', { streamId, seq: 0, chunk });
    const [pid] = await until(() => (encodersOf(streamId).length ? encodersOf(streamId) : null), 'the encoder');
    process.kill(pid, 'SIGKILL');
    await until(() => (ingest.has(streamId) ? null : true), 'the encoder to be gone');
    // the creator's page restarts the broadcast and goes on sending chunks
    const data = fs.readFileSync(path.join(tmp, 'browser.webm'));
    const size = Math.ceil(data.length / 20);
    for (let seq = 0; seq < 20; seq++) {
      const ack = await sock.emitWithAck('stream/publish', {
        streamId,
        seq,
        chunk: data.subarray(seq * size, (seq + 1) * size),
      });
      expect(ack, `chunk ${seq}`).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await listedLive(app)).toContain(streamId);
  }, 30_000);

  it('on start: stale heartbeats and old never-ingested streams end; this node’s get the grace, then end with viewers told', async () => {
    const { app } = t();
    const ingest = ingestFor(app.ctx);
    ingest.limits = { ...INGEST_LIMITS, graceMs: 2000 };
    const now = app.ctx.now().getTime();
    const long = new Date(now - 10 * 60_000);
    const [mine, stale, never, elsewhere, fresh] = await Promise.all(
      Array.from({ length: 5 }, () => buildPerformer(app)),
    );
    const crashedHere = await buildStream(app, mine.user.id, {
      startedAt: long,
      ingestNode: ingest.node,
      ingestSeenAt: new Date(now - 200),
    });
    const staleElsewhere = await buildStream(app, stale.user.id, {
      startedAt: long,
      ingestNode: 'other-node:8080',
      ingestSeenAt: new Date(now - 5 * 60_000),
    });
    const neverIngested = await buildStream(app, never.user.id, { startedAt: long });
    const ingestedElsewhere = await buildStream(app, elsewhere.user.id, {
      startedAt: long,
      ingestNode: 'other-node:8080',
      ingestSeenAt: new Date(now - 200),
    });
    const justStarted = await buildStream(app, fresh.user.id);
    const { ended } = await fanInRoom(app, crashedHere.id);
    const staleFan = await fanInRoom(app, staleElsewhere.id);
    // the two seen lately were seen just now
    await app.ctx.db
      .update(streams)
      .set({ ingestSeenAt: app.ctx.now() })
      .where(inArray(streams.id, [crashedHere.id, ingestedElsewhere.id]));

    expect(await endStreamsWithoutIngest(app.ctx, ingest, { atStart: true })).toBe(2);
    let live = await listedLive(app);
    expect(live).not.toContain(staleElsewhere.id);
    expect(live).not.toContain(neverIngested.id);
    expect(live).toContain(ingestedElsewhere.id);
    expect(live).toContain(justStarted.id);
    expect(live).toContain(crashedHere.id); // the creator may still resume within the grace
    await until(() => (staleFan.ended.length ? true : null), 'stream/ended (stale)');
    expect(staleFan.ended).toEqual([{ streamId: staleElsewhere.id, reason: 'idle' }]);

    await until(() => (ended.length ? true : null), 'stream/ended (this node)');
    expect(ended).toEqual([{ streamId: crashedHere.id, reason: 'idle' }]);
    live = await listedLive(app);
    expect(live).not.toContain(crashedHere.id);
    expect(live).toContain(justStarted.id);
    // the periodic look (not at start) leaves never-ingested streams to their creator
    expect(await endStreamsWithoutIngest(app.ctx, ingest, { atStart: false })).toBeLessThanOrEqual(1);
    expect(await listedLive(app)).toContain(justStarted.id);
  }, 30_000);

  it('Agora streams are not ingested by us: left alone', async () => {
    const { app } = t();
    await app.ctx.settings.update({ streamingProvider: 'agora' }, null);
    const creator = await buildPerformer(app);
    const s = await buildStream(app, creator.user.id, { startedAt: new Date(Date.now() - 600_000) });
    expect(await app.ctx.settings.get('streamingProvider')).toBe('agora');
    expect(await endStreamsWithoutIngest(app.ctx, ingestFor(app.ctx), { atStart: true })).toBe(0);
    expect(await listedLive(app)).toContain(s.id);
  });
});
