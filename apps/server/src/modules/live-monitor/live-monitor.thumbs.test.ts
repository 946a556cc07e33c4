import fs from 'node:fs';
import path from 'node:path';
import type { LiveMonitor } from '@marquee/shared';
import { TOKEN_COOKIE } from '@marquee/shared/constants';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildStream } from '../../../test/factories.streaming';
import { ffmpegSync } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import { hlsDir } from '../streaming';

const t = useTestApp();

describe('live monitor thumbnails', () => {
  it('grabs a JPEG from the newest HLS segment with ffmpeg, for the staff member whose link it is only', async () => {
    const { app } = t();
    const mod = await buildUser(app, { staffRole: 'moderator' });
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const stream = await buildStream(app, creator.user.id);
    const dir = hlsDir(app.ctx, stream.id);
    fs.mkdirSync(dir, { recursive: true });
    // Two 1 s segments as the ingest writes them (H.264 in MPEG-TS); the playlist lists both.
    for (const i of [0, 1])
      ffmpegSync([
        '-y',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=640x360:rate=10:duration=1`,
        '-c:v',
        'libx264',
        '-f',
        'mpegts',
        path.join(dir, `seg_${i}.ts`),
      ]);
    fs.writeFileSync(
      path.join(dir, 'index.m3u8'),
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nseg_0.ts\n#EXTINF:1.0,\nseg_1.ts\n',
    );
    const monitor = (await app.inject({ url: '/api/admin/live-monitor', headers: mod.auth })).json() as LiveMonitor;
    const url = monitor.data.find((d) => d._id === stream.id)!.thumbnailUrl!;
    // The browser's <img> sends the session cookie, not a bearer header.
    const img = await app.inject({ url, headers: { cookie: `${TOKEN_COOKIE}=${mod.token}` } });
    expect(img.statusCode, img.body).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(img.headers['cache-control']).toContain('no-store');
    // Someone else's session, no session, a tampered link: refused.
    expect((await app.inject({ url, headers: { cookie: `${TOKEN_COOKIE}=${fan.token}` } })).statusCode).toBe(403);
    expect((await app.inject({ url })).statusCode).toBe(403);
    expect((await app.inject({ url: url.replace(/.{6}\.jpg$/, 'AAAAAA.jpg'), headers: mod.auth })).statusCode).toBe(
      403,
    );
    // The thumbnail is not an HLS file: the playback route does not serve it.
    const join = await app.inject({ url: `/api/streaming/join/${stream.id}`, headers: mod.auth });
    const hls = (join.json().hlsUrl as string).replace('index.m3u8', 'monitor-thumb.jpg');
    expect((await app.inject({ url: hls, headers: mod.auth })).statusCode).toBe(400);
  });
});
