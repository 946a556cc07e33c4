import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { buildStreamSettings } from '../../../test/factories.streaming';
import { ffmpegSync } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import { ffmpegPaths, spawnTool } from '../../lib/media/ffmpeg';
import { ingestFor, startRtmpIngest } from './streaming.ingest';

const t = useTestApp({ env: { RTMP_PORT: '0' } });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-live-'));
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Short test files made by ffmpeg: what OBS (H.264/AAC) and a browser's MediaRecorder (WebM) would send. */
beforeAll(async () => {
  const src = [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '5',
  ];
  ffmpegSync([
    '-y',
    '-loglevel',
    'error',
    ...src,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '15',
    '-c:a',
    'aac',
    path.join(tmp, 'obs.mp4'),
  ]);
  ffmpegSync([
    '-y',
    '-loglevel',
    'error',
    ...src,
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-b:v',
    '300k',
    '-c:a',
    'libopus',
    path.join(tmp, 'browser.webm'),
  ]);
}, 60_000);

async function until<T>(fn: () => Promise<T | null>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function goLive(app: ReturnType<typeof t>['app'], auth: { authorization: string }, payload: object = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/streaming/live',
    headers: auth,
    payload: { title: 'Live', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

/** Fetches the playlist until it lists segments, then one segment. */
/** Reads the playlist and a segment in the viewer's session (the links are bound to it). */
async function watch(app: ReturnType<typeof t>['app'], hlsUrl: string, headers: Record<string, string>) {
  const playlist = await until(async () => {
    const res = await app.inject({ method: 'GET', url: hlsUrl, headers });
    return res.statusCode === 200 && res.body.includes('.ts') ? res.body : null;
  }, 'HLS segments');
  const segment = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
  const seg = await app.inject({ method: 'GET', url: hlsUrl.replace('index.m3u8', segment), headers });
  return { playlist, seg };
}

describe('built-in media path', () => {
  it('OBS stand-in: ffmpeg streams a file over RTMP with the stream key; viewers read the HLS output through signed URLs only', async () => {
    const { app } = t();
    const rtmp = (await startRtmpIngest(app.ctx, ingestFor(app.ctx)))!;
    try {
      const creator = await buildPerformer(app);
      const fan = await buildUser(app);
      const settings = await buildStreamSettings(app, creator.user.id);
      const stream = await goLive(app, creator.auth, { type: 'group', price: 3 });
      const cfg = await app.inject({ method: 'GET', url: '/api/streaming/settings', headers: creator.auth });
      expect(cfg.json()).toMatchObject({
        rtmpUrl: `rtmp://localhost:${rtmp.port}/live`,
        streamKey: settings.streamKey,
      });

      // a wrong key is refused: nothing is produced for it
      const wrong = spawnTool(ffmpegPaths().ffmpeg, [
        '-loglevel',
        'quiet',
        '-re',
        '-i',
        path.join(tmp, 'obs.mp4'),
        '-c',
        'copy',
        '-f',
        'flv',
        `rtmp://127.0.0.1:${rtmp.port}/live/wrong_key`,
      ]);
      const obs = spawnTool(ffmpegPaths().ffmpeg, [
        '-loglevel',
        'error',
        '-re',
        '-i',
        path.join(tmp, 'obs.mp4'),
        '-c',
        'copy',
        '-f',
        'flv',
        `rtmp://127.0.0.1:${rtmp.port}/live/${settings.streamKey}`,
      ]);
      try {
        // the fan must buy the session before getting a URL
        expect(
          (await app.inject({ method: 'GET', url: `/api/streaming/join/${stream._id}`, headers: fan.auth })).statusCode,
        ).toBe(402);
        await fundWallet(app, fan.user.id, 1000);
        await app.inject({ method: 'POST', url: `/api/wallet/charges/stream/${stream._id}`, headers: fan.auth });
        const join = await app.inject({ method: 'GET', url: `/api/streaming/join/${stream._id}`, headers: fan.auth });
        const { hlsUrl } = join.json() as { hlsUrl: string };

        const { playlist, seg } = await watch(app, hlsUrl, fan.auth);
        expect(playlist).toContain('#EXTM3U');
        expect(seg.statusCode).toBe(200);
        expect(seg.headers['content-type']).toBe('video/mp2t');
        expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
        expect(ingestFor(app.ctx).size).toBe(1); // the wrong key started nothing

        // tampered, foreign or missing signatures are refused
        const token = hlsUrl.split('/')[5];
        const tampered = hlsUrl.replace(token, `${token.slice(0, -2)}xx`);
        expect((await app.inject({ method: 'GET', url: tampered, headers: fan.auth })).statusCode).toBe(403);
        const otherStream = hlsUrl.replace(stream._id, '0190b3c4-0000-7000-8000-000000000000');
        expect((await app.inject({ method: 'GET', url: otherStream, headers: fan.auth })).statusCode).toBe(403);
        expect(
          (await app.inject({ method: 'GET', url: `/api/streaming/hls/${stream._id}/x/index.m3u8` })).statusCode,
        ).toBe(403);

        // after the stream ends the playlist is gone even with a valid token (issue 23 item 16)
        await app.inject({ method: 'PUT', url: `/api/streaming/live/${stream._id}`, headers: creator.auth });
        expect((await app.inject({ method: 'GET', url: hlsUrl, headers: fan.auth })).statusCode).toBe(410);
      } finally {
        obs.kill('SIGKILL');
        wrong.kill('SIGKILL');
      }
    } finally {
      await rtmp.close();
    }
  }, 90_000);

  it('browser broadcast: WebM chunks over the socket become HLS; only the creator may publish', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const stream = await goLive(app, creator.auth);
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const open = async (token: string) => {
      const s = connect(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        query: { token },
        reconnection: false,
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('auth/success', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    };
    const [creatorSock, fanSock] = await Promise.all([open(creator.token), open(fan.token)]);
    const receiving = new Promise((r) =>
      creatorSock.on('stream/ingest', (e: { state: string }) => e.state === 'receiving' && r(e)),
    );

    const data = fs.readFileSync(path.join(tmp, 'browser.webm'));
    const size = 16 * 1024;
    expect(
      await fanSock.emitWithAck('stream/publish', { streamId: stream._id, seq: 0, chunk: data.subarray(0, size) }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    for (let i = 0, seq = 0; i < data.length; i += size, seq++) {
      const ack = await creatorSock.emitWithAck('stream/publish', {
        streamId: stream._id,
        seq,
        chunk: data.subarray(i, i + size),
      });
      expect(ack, `chunk ${seq}`).toMatchObject({ ok: true });
    }
    // out of order is refused
    expect(
      await creatorSock.emitWithAck('stream/publish', { streamId: stream._id, seq: 9999, chunk: data.subarray(0, 10) }),
    ).toMatchObject({ ok: false });
    await receiving;
    const join = await app.inject({ method: 'GET', url: `/api/streaming/join/${stream._id}`, headers: fan.auth });
    const { seg } = await watch(app, join.json().hlsUrl, fan.auth);
    expect(seg.rawPayload[0]).toBe(0x47);
    await app.inject({ method: 'PUT', url: `/api/streaming/live/${stream._id}`, headers: creator.auth });
    await until(async () => (ingestFor(app.ctx).size === 0 ? true : null), 'ffmpeg to stop');
  }, 90_000);
});
