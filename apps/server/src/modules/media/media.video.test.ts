import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildPerformer } from '../../../test/factories';
import { makeClip, multipartBody } from '../../../test/factories.media';
import { ffprobeJson } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';

const t = useTestApp({ jobs: true });

async function upload(app: App, auth: Record<string, string>, files: Parameters<typeof multipartBody>[0], query = '') {
  const { payload, headers } = multipartBody(files);
  return app.inject({ method: 'POST', url: `/api/media/upload${query}`, payload, headers: { ...headers, ...auth } });
}

async function waitForStatus(app: App, id: string, auth: Record<string, string>, timeoutMs = 60_000) {
  const start = Date.now();
  const seen: number[] = [];
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/media/${id}/status`, headers: auth });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    seen.push(s.progress);
    if (s.status !== 'processing') return { ...s, seen };
    if (Date.now() - start > timeoutMs) throw new Error(`still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('media processing: video and audio (real job queue, real ffmpeg)', () => {
  it('MP4: processing → ready, pushed over realtime; a web-playable H.264/AAC faststart MP4, poster, thumbnails, teaser', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(address, { path: '/socket.io', query: { token: creator.token }, transports: ['websocket'] });
    const events: Array<{ status: string; mediaId: string }> = [];
    socket.on('media/status', (e) => events.push(e));
    await new Promise<void>((resolve) => socket.on('auth/success', () => resolve()));

    const res = await upload(
      app,
      creator.auth,
      [{ filename: 'clip.mp4', content: makeClip('mp4', 3, '640x360') }],
      '?teaser=1',
    );
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    expect(file).toMatchObject({ type: 'video', status: 'processing' });
    expect(file.url).toBeUndefined();

    const status = await waitForStatus(app, file._id, creator.auth);
    expect(status).toMatchObject({ status: 'ready', progress: 100 });
    for (let i = 0; i < 40 && !events.some((e) => e.status === 'ready'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(events.find((e) => e.status === 'ready')).toMatchObject({ mediaId: file._id, status: 'ready' });
    socket.close();

    const view = (await app.inject({ method: 'GET', url: `/api/media/${file._id}`, headers: creator.auth })).json();
    expect(view).toMatchObject({ status: 'ready', width: 640, height: 360, mimeType: 'video/mp4' });
    expect(view.duration).toBeCloseTo(3, 0);
    expect(view.thumbnails).toHaveLength(3);
    for (const k of ['url', 'posterUrl', 'thumbnail', 'blurredUrl', 'teaserUrl'])
      expect(view[k]).toMatch(/^\/api\/media\/file\//);
    expect(view.hlsUrl).toBeUndefined(); // short video: MP4 only

    const mp4 = await app.inject({ method: 'GET', url: view.url, headers: creator.auth });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(mp4.headers['accept-ranges']).toBe('bytes');
    const probe = ffprobeJson(mp4.rawPayload, 'mp4');
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
    });
    expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    // faststart: the moov box comes before mdat
    expect(mp4.rawPayload.indexOf('moov')).toBeLessThan(mp4.rawPayload.indexOf('mdat'));

    const teaser = await app.inject({ method: 'GET', url: view.teaserUrl, headers: creator.auth });
    // a 3 s clip: the teaser is 20 % of it (0.6 s), never the clip itself (issue 17, item 2)
    expect(Number(ffprobeJson(teaser.rawPayload, 'mp4').format.duration)).toBeLessThanOrEqual(0.8);
    const poster = await app.inject({ method: 'GET', url: view.posterUrl, headers: creator.auth });
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('MOV (phone video) is converted to MP4 with its metadata dropped', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const res = await upload(
      app,
      creator.auth,
      [{ filename: 'IMG_0001.MOV', content: makeClip('mov', 2) }],
      '?kinds=video',
    );
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    expect(file.mimeType).toBe('video/quicktime');
    expect(ffprobeJson(makeClip('mov', 2), 'mov').format.tags?.location).toBe('+48.8584+002.2945/');
    expect(await waitForStatus(app, file._id, creator.auth)).toMatchObject({ status: 'ready' });
    const view = (await app.inject({ method: 'GET', url: `/api/media/${file._id}`, headers: creator.auth })).json();
    expect(view.mimeType).toBe('video/mp4');
    const mp4 = await app.inject({ method: 'GET', url: view.url, headers: creator.auth });
    const probe = ffprobeJson(mp4.rawPayload, 'mp4');
    expect(probe.format.format_name).toContain('mp4');
    expect(probe.format.tags?.location).toBeUndefined();
  });

  it('MP3 becomes AAC audio', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const res = await upload(
      app,
      creator.auth,
      [{ filename: 'song.mp3', content: makeClip('mp3', 2) }],
      '?kinds=audio',
    );
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    expect(file).toMatchObject({ type: 'audio', status: 'processing', mimeType: 'audio/mpeg' });
    expect(await waitForStatus(app, file._id, creator.auth)).toMatchObject({ status: 'ready' });
    const view = (await app.inject({ method: 'GET', url: `/api/media/${file._id}`, headers: creator.auth })).json();
    expect(view.mimeType).toBe('audio/mp4');
    const audio = await app.inject({ method: 'GET', url: view.url, headers: creator.auth });
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(ffprobeJson(audio.rawPayload, 'm4a').streams[0]).toMatchObject({ codec_type: 'audio', codec_name: 'aac' });
  });

  it('a corrupt video ends in error with a message', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const good = makeClip('mp4', 2);
    // A real MP4 header (passes sniffing) followed by garbage.
    const corrupt = Buffer.concat([good.subarray(0, 64), Buffer.alloc(50_000, 0x5a)]);
    const res = await upload(app, creator.auth, [{ filename: 'broken.mp4', content: corrupt }], '?kinds=video');
    expect(res.statusCode).toBe(201);
    const status = await waitForStatus(app, res.json().data[0]._id, creator.auth);
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/could not be read|Processing failed/);
  });

  it('status is only for the owner', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const res = await upload(
      app,
      creator.auth,
      [{ filename: 'song.mp3', content: makeClip('mp3', 1) }],
      '?kinds=audio',
    );
    const id = res.json().data[0]._id;
    expect((await app.inject({ method: 'GET', url: `/api/media/${id}/status`, headers: other.auth })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/api/media/${id}/status` })).statusCode).toBe(401);
    await waitForStatus(app, id, creator.auth);
  });
});
