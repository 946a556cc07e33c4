import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { makeClip, multipartBody } from '../../../test/factories.media';
import { ffmpegSync } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import type { App } from '../../app-type';
import { auditLog, contentItems, performers, users } from '../../db/schema';
import { markBits } from '../../lib/media/viewer-mark';
import { getMedia, presentMedia } from '../media/media.service';

const t = useTestApp({ jobs: true });

async function upload(app: App, who: Actor, file: Buffer) {
  const { payload, headers } = multipartBody([{ filename: 'clip.mp4', content: file }]);
  const up = await app.inject({
    method: 'POST',
    url: '/api/media/upload?kinds=video',
    payload,
    headers: { ...headers, ...who.auth },
  });
  expect(up.statusCode, up.body).toBe(201);
  const id = up.json().data[0]._id as string;
  for (let i = 0; i < 600; i++) {
    const s = (await app.inject({ url: `/api/media/${id}/status`, headers: who.auth })).json();
    if (s.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 300));
  }
  expect((await getMedia(app.ctx, id))?.status).toBe('ready');
  return id;
}

/** What a fan's screen recorder makes of the marked stream: every segment, re-encoded at another size. */
async function recordStream(app: App, fan: Actor, mediaId: string): Promise<Buffer> {
  const view = presentMedia(app.ctx, (await getMedia(app.ctx, mediaId))!, { unlocked: true, viewerId: fan.user.id });
  const master = await app.inject({ url: view.hlsUrl!, headers: fan.auth });
  const indexLine = master.body.split('\n').find((l) => l.startsWith('index.m3u8'))!;
  const base = view.hlsUrl!.split('?')[0]!.replace(/master\.m3u8$/, '');
  const index = await app.inject({ url: `${base}${indexLine}`, headers: fan.auth });
  const parts: Buffer[] = [];
  for (const line of index.body.split('\n').filter((l) => l.startsWith('seg_'))) {
    parts.push((await app.inject({ url: `${base}${line}`, headers: fan.auth })).rawPayload);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-test-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.ts'), Buffer.concat(parts));
    const out = path.join(dir, 'out.mp4');
    ffmpegSync(['-v', 'error', '-y', '-i', path.join(dir, 'in.ts'), '-vf', 'scale=320:240', '-crf', '30', out]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('leak to takedown', () => {
  it('a recorded copy of a paid video is traced to the fan it was served to; the case suspends them and fills the DMCA notice', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    await app.ctx.db.update(performers).set({ watermarkEnabled: true }).where(eq(performers.userId, creator.user.id));
    const original = await upload(app, creator, makeClip('mp4', 24, '160x120', { fps: 5, audio: false }));
    const video = (await buildContent(app, creator, 'video', { videoId: original, title: 'Duo' })) as {
      _id: string;
      slug: string;
    };
    // The leaker and a second fan whose code differs early on.
    const leaker = await buildUser(app);
    const others = [await buildUser(app), await buildUser(app)];
    expect(
      others.some(
        (o) =>
          markBits(app.ctx.config.secretKey, o.user.id).slice(0, 12).join() !==
          markBits(app.ctx.config.secretKey, leaker.user.id).slice(0, 12).join(),
      ),
    ).toBe(true);

    const link = `https://marquee.example/video/${video.slug}`;
    const originals = await app.inject({
      url: `/api/admin/leaks/originals?link=${encodeURIComponent(link)}`,
      headers: admin.auth,
    });
    expect(originals.json().data).toEqual([expect.objectContaining({ mediaId: original })]);

    const leaked = await upload(app, admin, await recordStream(app, leaker, original));
    const trace = await app.inject({
      method: 'POST',
      url: '/api/admin/leaks/trace',
      headers: admin.auth,
      payload: { originalMediaId: original, leakedMediaId: leaked },
    });
    expect(trace.statusCode, trace.body).toBe(200);
    expect(trace.json().segmentsRead).toBeGreaterThanOrEqual(10);
    expect(trace.json().match).toMatchObject({ viewerId: leaker.user.id, mismatches: 0 });

    const opened = await app.inject({
      method: 'POST',
      url: '/api/admin/leaks',
      headers: admin.auth,
      payload: {
        originalMediaId: original,
        leakedMediaId: leaked,
        foundAtUrl: 'https://tube.example/watch/abc123',
        originalUrl: link,
        suspend: true,
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ viewer: { _id: leaker.user.id }, viewerSuspended: true });
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, leaker.user.id));
    expect(row?.status).toBe('suspended');
    const actions = (await app.ctx.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['leak.case', 'user.suspend']));

    const notice = await app.inject({ url: `/api/admin/leaks/${opened.json()._id}/dmca`, headers: admin.auth });
    expect(notice.headers['content-type']).toMatch(/text\/plain/);
    expect(notice.body).toContain('the designated copyright agent of tube.example');
    expect(notice.body).toContain('https://tube.example/watch/abc123');
    expect(notice.body).toContain(link);
    expect(notice.body).toContain('under penalty of perjury');
    // The original's publication date and the owner's registration on the site.
    const [item] = await app.ctx.db.select().from(contentItems).where(eq(contentItems.id, video._id));
    const [owner] = await app.ctx.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(item.publishedAt).not.toBeNull();
    expect(notice.body).toContain(`First published there on ${item.publishedAt!.toISOString().slice(0, 10)}`);
    expect(notice.body).toContain(item.publishedAt!.toISOString());
    expect(notice.body).toContain(`registered on Marquee since ${owner.createdAt.toISOString().slice(0, 10)}`);
    expect(notice.body).toContain(owner.createdAt.toISOString());
    expect(notice.body).toContain(`@${creator.user.username}, account id ${creator.user.id}`);
  });

  it('refuses an original without marks and a non-admin, with a 4xx naming the problem', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const plain = await upload(app, creator, makeClip('mp4', 4, '160x120', { fps: 5, audio: false }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/leaks/trace',
      headers: admin.auth,
      payload: { originalMediaId: plain, leakedMediaId: plain },
    });
    expect(expectErrorShape(res, 400).code).toBe('NOT_MARKED');
    const denied = await app.inject({
      method: 'POST',
      url: '/api/admin/leaks/trace',
      headers: fan.auth,
      payload: { originalMediaId: plain, leakedMediaId: plain },
    });
    expect(denied.statusCode).toBe(403);
  });
});
