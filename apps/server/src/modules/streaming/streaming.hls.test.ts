import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { TOKEN_COOKIE } from '@marquee/shared/constants';
import { describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { buildStream } from '../../../test/factories.streaming';
import { useTestApp } from '../../../test/harness';
import { type App, buildApp } from '../../app';
import { hlsDir } from './streaming.hls';

const t = useTestApp();

/** A live stream with HLS output on disk, as the built-in provider writes it. */
async function liveWithOutput(app: App, priceCents: number) {
  const creator = await buildPerformer(app);
  const stream = await buildStream(app, creator.user.id, { type: priceCents > 0 ? 'group' : 'public', priceCents });
  const dir = hlsDir(app.ctx, stream.id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg_0.ts\n');
  fs.writeFileSync(path.join(dir, 'seg_0.ts'), Buffer.alloc(188 * 4, 0x47));
  return { creator, stream };
}

async function buyerUrl(app: App, streamId: string, buyer: Actor) {
  await fundWallet(app, buyer.user.id, 2000);
  const buy = await app.inject({ method: 'POST', url: `/api/wallet/charges/stream/${streamId}`, headers: buyer.auth });
  expect(buy.statusCode, buy.body).toBeLessThan(300);
  const join = await app.inject({ method: 'GET', url: `/api/streaming/join/${streamId}`, headers: buyer.auth });
  expect(join.statusCode, join.body).toBe(200);
  const playlist = join.json().hlsUrl as string;
  return { playlist, segment: playlist.replace(/index\.m3u8$/, 'seg_0.ts') };
}

describe('live playback is bound to the viewer (issue 23 item 16)', () => {
  it("a buyer's playlist and segments answer only in the buyer's session, and stop when the stream ends", async () => {
    const { app } = t();
    const { creator, stream } = await liveWithOutput(app, 500);
    const buyer = await buildUser(app);
    const unpaid = await buildUser(app);
    const { playlist, segment } = await buyerUrl(app, stream.id, buyer);
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

    // The buyer, with the bearer token or the cookie the browser's hls.js sends.
    expect((await get(playlist, buyer.auth)).statusCode).toBe(200);
    const seg = await get(segment, { cookie: `${TOKEN_COOKIE}=${buyer.token}` });
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload[0]).toBe(0x47);

    // Anyone else holding the URL: refused, signed out or signed in without paying.
    for (const url of [playlist, segment]) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(403);
      expect(anonymous.json().code).toBe('MEDIA_OTHER_VIEWER');
      expect((await get(url, unpaid.auth)).statusCode, url).toBe(403);
      expect((await get(url, { cookie: `${TOKEN_COOKIE}=${unpaid.token}` })).statusCode, url).toBe(403);
    }

    // The creator ends the stream: the buyer's playlist and segments are gone (no recording is kept).
    const end = await app.inject({ method: 'PUT', url: `/api/streaming/live/${stream.id}`, headers: creator.auth });
    expect(end.statusCode, end.body).toBe(200);
    for (const url of [playlist, segment]) {
      const after = await get(url, buyer.auth);
      expect(after.statusCode, url).toBe(410);
      expect(after.json().code).toBe('STREAM_ENDED');
    }
  });

  it('a viewer removed from the stream loses the segments too; a free stream still plays signed out', async () => {
    const { app } = t();
    const { creator, stream } = await liveWithOutput(app, 500);
    const buyer = await buildUser(app);
    const { segment } = await buyerUrl(app, stream.id, buyer);
    expect((await app.inject({ method: 'GET', url: segment, headers: buyer.auth })).statusCode).toBe(200);
    const kick = await app.inject({
      method: 'DELETE',
      url: `/api/streaming/${stream.id}/viewers/${buyer.user.id}`,
      headers: creator.auth,
    });
    expect(kick.statusCode, kick.body).toBe(200);
    const seg = await app.inject({ method: 'GET', url: segment, headers: buyer.auth });
    expect(seg.statusCode).toBe(403);
    expect(seg.json().code).toBe('REMOVED_FROM_STREAM');

    const free = await liveWithOutput(app, 0);
    const join = await app.inject({ method: 'GET', url: `/api/streaming/join/${free.stream.id}` });
    expect(join.statusCode, join.body).toBe(200);
    const url = join.json().hlsUrl as string;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: url.replace(/index\.m3u8$/, 'seg_0.ts') })).statusCode).toBe(200);
  });

  it('the request log line of a signed playlist does not hold its token', async () => {
    const { app, database } = t();
    const { stream } = await liveWithOutput(app, 500);
    const buyer = await buildUser(app);
    const { playlist } = await buyerUrl(app, stream.id, buyer);
    const token = playlist.split('/')[5];
    expect(token.length).toBeGreaterThan(20);

    let logged = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    const logging = await buildApp({ config: app.ctx.config, database, logger: { level: 'info', stream: sink } });
    try {
      await logging.ready();
      const res = await logging.inject({ method: 'GET', url: playlist, headers: buyer.auth });
      expect(res.statusCode).toBe(200);
      // A logged request object (errors, plugins) goes through the same serializer.
      logging.log.info({ req: { method: 'GET', url: playlist, headers: {}, socket: {} } }, 'logged request');
    } finally {
      await logging.close();
    }
    expect(logged).toContain(`GET /api/streaming/hls/${stream.id}/[redacted]/index.m3u8 200`);
    expect(logged).toContain('logged request');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.split('.')[2]);
  });
});
