import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { multipartBody } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { auditLog, hashMatches, media, mediaHashes, users } from '../../db/schema';

const t = useTestApp();
const FIX = path.join(__dirname, '../../../test/fixtures/pdq');
/** The C++ reference's PDQ of bridge-1-original.jpg (ThreatExchange pdq/cpp/bin/README.md): a "known" hash. */
const BRIDGE_PDQ = 'f8f8f0cce0f4e84d0e370a22028f67f0b36e2ed596623e1d33e6339c4e9c9b22';
const bridge = () => fs.readFileSync(path.join(FIX, 'bridge-1-original.jpg'));

type Who = { user: { id: string }; auth: Record<string, string> };

const upload = (app: App, who: Who, content: Buffer, filename = 'photo.jpg', kinds = 'photo,video') => {
  const { payload, headers } = multipartBody([{ filename, content }]);
  return app.inject({
    method: 'POST',
    url: `/api/media/upload?kinds=${kinds}`,
    payload,
    headers: { ...headers, ...who.auth },
  });
};

async function loadList(app: App, admin: Who, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/admin/hash-lists', headers: admin.auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('known-abuse hash matching', () => {
  it('a resized copy of a listed image is blocked at upload: evidence kept, uploader suspended, report drafted; an unrelated image passes', async () => {
    const { app, dataDir } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const loaded = await loadList(app, admin, {
      name: 'Industry PDQ list',
      kind: 'pdq',
      content: `hash,quality,id\n${BRIDGE_PDQ},100,TE-1\nnot-a-hash,1,x\n`,
    });
    expect(loaded).toMatchObject({ added: 1, skipped: 1, skippedLines: [3], list: { threshold: 31, entryCount: 1 } });

    const copy = await sharp(bridge()).resize(480).jpeg({ quality: 55 }).toBuffer();
    const res = await upload(app, creator, copy, 'holiday.jpg');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_BLOCKED' });
    // nothing stored as media
    expect(await app.ctx.db.select().from(media).where(eq(media.ownerId, creator.user.id))).toEqual([]);
    // suspended, every session ended
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(u.status).toBe('suspended');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: creator.auth })).statusCode).toBe(401);
    const suspend = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.suspend'), eq(auditLog.targetId, creator.user.id)));
    expect(suspend[0].reason).toMatch(/Industry PDQ list/);
    // the evidence: the uploaded bytes, outside the media root
    const [m] = await app.ctx.db.select().from(hashMatches);
    expect(m).toMatchObject({ userId: creator.user.id, originalName: 'holiday.jpg', reportStatus: 'draft' });
    expect(m.hits[0]).toMatchObject({ kind: 'pdq', value: BRIDGE_PDQ, listName: 'Industry PDQ list' });
    expect(m.hits[0].distance).toBeLessThanOrEqual(31);
    const evidence = path.join(dataDir, 'evidence', m.evidenceKey!);
    expect(fs.readFileSync(evidence).equals(copy)).toBe(true);
    expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
    const retainDays = (m.retainUntil.getTime() - m.uploadedAt.getTime()) / 86_400_000;
    expect(retainDays).toBe(365);
    // the report draft
    const detail = await app.inject({ method: 'GET', url: `/api/admin/hash-matches/${m.id}`, headers: admin.auth });
    expect(detail.statusCode, detail.body).toBe(200);
    const report = detail.json().report;
    expect(report.report.incidentSummary.incidentType).toMatch(/Child Pornography/);
    expect(report.report.personOrUserReported).toMatchObject({
      espIdentifier: creator.user.id,
      accountTemporarilyDisabled: true,
      ipCaptureEvent: [{ eventName: 'Upload', ipAddress: m.ip }],
    });
    expect(report.fileDetails.originalFileHash).toEqual([
      { hashType: 'MD5', value: m.md5 },
      { hashType: 'SHA256', value: m.sha256 },
    ]);
    expect(detail.json().user).toMatchObject({ _id: creator.user.id, status: 'suspended' });

    // an unrelated image by someone else passes, and its hashes are kept
    const fine = await upload(app, other, fs.readFileSync(path.join(FIX, 'q2821.jpg')));
    expect(fine.statusCode, fine.body).toBe(201);
    const [h] = await app.ctx.db.select().from(mediaHashes).where(eq(mediaHashes.mediaId, fine.json().data[0]._id));
    expect(h.pdq[0].hash).toMatch(/^[0-9a-f]{64}$/);

    // the admin sends the report themselves and records NCMEC's id
    const sent = await app.inject({
      method: 'POST',
      url: `/api/admin/hash-matches/${m.id}/sent`,
      headers: admin.auth,
      payload: { ncmecReportId: '123456789' },
    });
    expect(sent.json()).toMatchObject({ reportStatus: 'sent', ncmecReportId: '123456789' });
    const list = await app.inject({ method: 'GET', url: '/api/admin/hash-matches', headers: admin.auth });
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: m.id, evidenceStored: true }] });
    expect(list.body).not.toContain(m.evidenceKey!);
    const fan = await buildUser(app);
    for (const url of ['/api/admin/hash-matches', '/api/admin/hash-lists', `/api/admin/hash-matches/${m.id}`]) {
      expect((await app.inject({ method: 'GET', url, headers: fan.auth })).statusCode).toBe(403);
    }
  });

  it('MD5 and SHA-256 lists match exact files; sampled video frames are matched by PDQ', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const a = await buildPerformer(app);
    const b = await buildPerformer(app);
    const exact = await sharp(fs.readFileSync(path.join(FIX, 'q0004.jpg')))
      .png()
      .toBuffer();
    const md5 = (await import('node:crypto')).createHash('md5').update(exact).digest('hex');
    await loadList(app, admin, { name: 'NCMEC MD5', kind: 'md5', content: `${md5}  ./file.png\n` });
    expect((await upload(app, a, exact, 'x.png')).json()).toMatchObject({ code: 'UPLOAD_BLOCKED' });

    await loadList(app, admin, { name: 'PDQ', kind: 'pdq', content: BRIDGE_PDQ });
    const dir = fs.mkdtempSync(path.join(t().dataDir, 'vid-'));
    fs.writeFileSync(
      path.join(dir, 'b.jpg'),
      await sharp(bridge()).resize(640, 480, { fit: 'fill' }).jpeg().toBuffer(),
    );
    const { ffmpegSync } = await import('../../../test/ffmpeg');
    ffmpegSync([
      ...['-y', '-loglevel', 'error', '-loop', '1', '-i', path.join(dir, 'b.jpg'), '-t', '3', '-r', '10'],
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-g', '10', path.join(dir, 'b.mp4')],
    ]);
    const res = await upload(app, b, fs.readFileSync(path.join(dir, 'b.mp4')), 'clip.mp4');
    expect(res.json()).toMatchObject({ code: 'UPLOAD_BLOCKED' });
    const rows = await app.ctx.db.select().from(hashMatches).where(eq(hashMatches.userId, b.user.id));
    expect(rows[0].hits[0]).toMatchObject({ kind: 'pdq', at: 0 });
    expect(rows[0].pdq.length).toBeGreaterThanOrEqual(1);
  });

  it('the evidence store is never served by any media route', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    await loadList(app, admin, { name: 'PDQ', kind: 'pdq', content: BRIDGE_PDQ });
    const bytes = bridge();
    expect((await upload(app, creator, bytes)).statusCode).toBe(422);
    const [m] = await app.ctx.db.select().from(hashMatches);
    const key = m.evidenceKey!;
    const file = key.split('/')[1];
    const variant = file.replace(/\.[^.]+$/, '');
    const urls = [
      `/api/media/${m.id}`,
      `/api/media/${m.id}/status`,
      `/api/media/file/${m.id}/${file}`,
      `/api/media/file/${m.id}/${variant}`,
      `/api/media/file/${m.id}/original`,
      `/api/media/file/${m.id}/full`,
      `/api/media/file/${key}`,
      `/api/media/file/${m.id}/..%2F..%2Fevidence%2F${encodeURIComponent(key)}`,
      `/api/media/file/${m.id}/../../evidence/${key}`,
      `/api/profile-media/media/${m.id}`,
      `/api/profile-media/profile/avatar/${file}`,
      `/api/profile-media/profile/cover/${encodeURIComponent(`../evidence/${key}`)}`,
      `/api/user/feeds/${m.id}/file/${m.id}/status`,
    ];
    for (const who of [admin.auth, {}]) {
      for (const url of urls) {
        const res = await app.inject({ method: 'GET', url, headers: who });
        expect(res.statusCode, `${url} → ${res.statusCode}`).not.toBe(200);
        expect(res.rawPayload.includes(bytes.subarray(0, 4096))).toBe(false);
      }
    }
  });

  it("a taken-down item's photo uploaded again is caught by the site's own list", async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const again = await buildPerformer(app);
    const photo = fs.readFileSync(path.join(FIX, 'q0746.jpg'));
    const up = await upload(app, creator, photo);
    expect(up.statusCode, up.body).toBe(201);
    const post = await buildFeed(app, creator.user.id, { type: 'photo', fileIds: [up.json().data[0]._id] } as never);
    const down = await app.inject({
      method: 'POST',
      url: `/api/admin/content/feed/${post.id}/takedown`,
      headers: admin.auth,
      payload: { reason: 'Posted without consent' },
    });
    expect(down.statusCode, down.body).toBe(200);
    const lists = (await app.inject({ method: 'GET', url: '/api/admin/hash-lists', headers: admin.auth })).json();
    expect(lists.data).toEqual([expect.objectContaining({ source: 'removed', kind: 'mixed', entryCount: 3 })]);

    const reencoded = await sharp(photo).resize(200).webp({ quality: 60 }).toBuffer();
    const res = await upload(app, again, reencoded, 'found-it.webp');
    expect(res.json()).toMatchObject({ code: 'UPLOAD_BLOCKED' });
    const [m] = await app.ctx.db.select().from(hashMatches).where(eq(hashMatches.userId, again.user.id));
    expect(m.hits[0]).toMatchObject({ source: 'removed', kind: 'pdq' });
    // the exact file too
    expect((await upload(app, creator, photo)).json()).toMatchObject({ code: 'UPLOAD_BLOCKED' });
  });
});
