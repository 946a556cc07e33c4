import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer } from '../../../test/factories';
import { makeClip, multipartBody } from '../../../test/factories.media';
import { buildStreamSettings } from '../../../test/factories.streaming';
import { ffmpegSync } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import { useSockets } from '../../../test/sockets';
import { ffmpegPaths, spawnTool } from '../../lib/media/ffmpeg';
import { ingestFor, startRtmpIngest } from './streaming.ingest';

/**
 * Issue 23 item 1: a server whose ffmpeg cannot be started (FFMPEG_PATH names nothing) survives
 * every path that spawns it: the browser broadcast, an OBS push and a video upload. Before the fix,
 * the ingest's child had no 'error' listener and `spawn ENOENT` ended the process.
 */
const MISSING = '/nonexistent/bin/ffmpeg';
const t = useTestApp({ jobs: true, env: { FFMPEG_PATH: MISSING, RTMP_PORT: '0' } });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-noffmpeg-'));
const openSocket = useSockets();
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** What OBS would push, made with the ffmpeg the tests have (not the server's missing one). */
beforeAll(() => {
  ffmpegSync([
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15', '-t', '4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', path.join(tmp, 'obs.mp4')],
  ]);
}, 60_000);

async function healthy(app: ReturnType<typeof t>['app']) {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
}

function ingestError(s: Socket) {
  return new Promise<{ state: string; message?: string }>((resolve) =>
    s.on('stream/ingest', (e: { state: string; message?: string }) => e.state === 'error' && resolve(e)),
  );
}

describe('a server without a startable ffmpeg stays up', () => {
  it('the browser broadcast: the creator is told, the server answers, the next chunk asks for a restart', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const live = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Live' },
    });
    expect(live.statusCode, live.body).toBe(201);
    const streamId = live.json()._id as string;
    const sock = await openSocket(app, creator.token);
    const failed = ingestError(sock);

    await sock.emitWithAck('stream/publish', { streamId, seq: 0, chunk: Buffer.alloc(64 * 1024, 1) });
    expect(await failed).toMatchObject({ state: 'error', message: 'The video could not be processed' });
    await healthy(app);
    expect(await sock.emitWithAck('stream/publish', { streamId, seq: 1, chunk: Buffer.alloc(16) })).toMatchObject({
      ok: false,
    });
    expect(ingestFor(app.ctx).size).toBe(0);
    await healthy(app);
  }, 30_000);

  it('an OBS push over RTMP: the creator is told, the server answers', async () => {
    const { app } = t();
    const rtmp = (await startRtmpIngest(app.ctx, ingestFor(app.ctx)))!;
    const creator = await buildPerformer(app);
    const settings = await buildStreamSettings(app, creator.user.id);
    const sock = await openSocket(app, creator.token);
    const failed = ingestError(sock);
    const obs = spawnTool(ffmpegPaths().ffmpeg, [
      ...['-loglevel', 'quiet', '-re', '-i', path.join(tmp, 'obs.mp4'), '-c', 'copy', '-f', 'flv'],
      `rtmp://127.0.0.1:${rtmp.port}/live/${settings.streamKey}`,
    ]);
    try {
      expect(await failed).toMatchObject({ state: 'error' });
      await healthy(app);
    } finally {
      obs.kill('SIGKILL');
      await rtmp.close();
    }
  }, 30_000);

  it('a video upload: the file ends in error with a message, the server answers', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const { payload, headers } = multipartBody([{ filename: 'clip.mp4', content: makeClip('mp4', 1) }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/media/upload?kinds=video',
      payload,
      headers: { ...headers, ...creator.auth },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data[0]._id as string;
    let status: { status: string; error?: string } = { status: 'processing' };
    for (let i = 0; i < 100 && status.status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await app.inject({ url: `/api/media/${id}/status`, headers: creator.auth })).json();
    }
    expect(status.status).toBe('error');
    await healthy(app);
  }, 30_000);
});
