/**
 * Known-abuse hash matching at upload (issue 26 item 5; docs/compliance.md): what hashing adds
 * to an upload.
 * - a 12 MP JPEG: SHA-256 + MD5 + PDQ + matching against a 100,000-hash PDQ list, next to the
 *   photo's whole upload through the HTTP server (which includes them);
 * - a minute of 720p video (a keyframe every 2 s, like phone footage): SHA-256 + MD5 + PDQ of the
 *   sampled frames (one every 5 s, keyframe-only decode), next to the upload + processing until ready.
 * BENCH_HASH_VIDEO_SECONDS (default 60; quick 20) sets the clip length; figures are per minute.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { runMigrations } from '../src/db/migrate';
import { ffmpegPaths } from '../src/lib/media/ffmpeg';
import { createSession } from '../src/modules/auth/sessions';
import { exactHashes, photoPdq, videoFramePdq } from '../src/modules/compliance-hashes/hashes.compute';
import { loadHashList, matchHashes } from '../src/modules/compliance-hashes/hashes.service';
import { findMedia } from '../src/modules/media/media.repo';
import { insertUser } from '../src/modules/users/users.repo';
import { openBenchDatabase } from './database';
import { benchNumber, record } from './results';

const seconds = benchNumber('BENCH_HASH_VIDEO_SECONDS', 60, 20);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-hashes-'));
const fmt = (n: number, d = 1) => n.toFixed(d);
const hex = () => Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

async function main() {
  const database = await openBenchDatabase();
  await runMigrations(database);
  const config = loadConfig({
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    WEB_DIST: path.join(work, 'none'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await insertUser(app.ctx.db, {
    username: 'bench',
    email: 'bench@example.test',
    name: 'Bench',
    role: 'performer',
    emailVerified: true,
  });
  const admin = await insertUser(app.ctx.db, { username: 'admin', email: 'a@example.test', name: 'A', role: 'admin' });
  const { token } = await createSession(app.ctx.db, user.id, { remember: false });
  const listSize = 100_000;
  await loadHashList(app.ctx, admin.id, null, {
    name: 'bench',
    kind: 'pdq',
    threshold: 31,
    content: Array.from({ length: listSize }, hex).join('\n'),
  });
  const uploadOnce = async (file: string, mime: string) => {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(file)], { type: mime }), path.basename(file));
    const t0 = performance.now();
    const res = await fetch(`${address}/api/media/upload?kinds=photo,video`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    const id = ((await res.json()) as { data: Array<{ _id: string }> }).data[0]._id;
    let row = await findMedia(app.ctx.db, id);
    while (row?.status === 'processing') {
      await new Promise((r) => setTimeout(r, 50));
      row = await findMedia(app.ctx.db, id);
    }
    if (row?.status !== 'ready') throw new Error(`processing ended in ${row?.status}: ${row?.error}`);
    return (performance.now() - t0) / 1000;
  };

  // 1. A 12 MP photo
  const photo = path.join(work, 'photo.jpg');
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = ((i * 2654435761) >>> 24) & 0xff;
  await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 90 })
    .toFile(photo);
  await matchHashes(app.ctx, { sha256: '', md5: '', pdq: [{ hash: hex(), quality: 100 }] }); // builds the index once
  const runs = 5;
  let hashS = 0;
  let matchMs = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const exact = await exactHashes(photo);
    const pdq = await photoPdq(photo);
    const t1 = performance.now();
    await matchHashes(app.ctx, { ...exact, pdq: pdq.map((p) => ({ ...p, quality: 100 })) });
    matchMs += performance.now() - t1;
    hashS += (performance.now() - t0) / 1000;
  }
  hashS /= runs;
  matchMs /= runs;
  let uploadS = 0;
  for (let i = 0; i < runs; i++) uploadS += await uploadOnce(photo, 'image/jpeg');
  uploadS /= runs;
  console.log(
    `12 MP JPEG: hashing (SHA-256, MD5, PDQ) + matching against ${listSize} PDQ hashes ${fmt(hashS * 1000, 0)} ms (matching ${fmt(matchMs, 1)} ms); the whole upload (which includes it) ${fmt(uploadS * 1000, 0)} ms: hashing adds ${fmt((100 * hashS) / (uploadS - hashS))} %`,
  );
  record({
    scenario: '12 MP photo upload: hashing + matching time (vs the upload without it)',
    value: hashS * 1000,
    unit: 'ms',
    ceiling: (uploadS - hashS) * 1000,
    ratio: Math.round((hashS / (uploadS - hashS)) * 1000) / 1000,
    p99_ms: null,
    goal: '≤ 10% added',
  });

  // 2. Video, per minute
  const { ffmpeg } = ffmpegPaths(config.FFMPEG_PATH);
  const src = path.join(work, 'src.mp4');
  execFileSync(ffmpeg, [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60'],
    ...['-c:a', 'aac', '-shortest', src],
  ]);
  let t0 = performance.now();
  await exactHashes(src);
  const frames = await videoFramePdq(config.FFMPEG_PATH, src, seconds);
  const vHashS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const vTotalS = await uploadOnce(src, 'video/mp4');
  const perMin = (s: number) => (s * 60) / seconds;
  console.log(
    `${seconds} s of 720p: hashing (SHA-256, MD5, PDQ of ${frames.length} sampled frames) ${fmt(vHashS, 2)} s = ${fmt(perMin(vHashS), 2)} s per minute; upload + processing until ready ${fmt(vTotalS, 2)} s = ${fmt(perMin(vTotalS), 1)} s per minute: hashing adds ${fmt((100 * vHashS) / (vTotalS - vHashS))} %`,
  );
  record({
    scenario: 'a minute of 720p video: hashing time (vs upload + processing without it)',
    value: perMin(vHashS),
    unit: 's/min',
    ceiling: perMin(vTotalS - vHashS),
    ratio: Math.round((vHashS / (vTotalS - vHashS)) * 1000) / 1000,
    p99_ms: null,
    goal: '≤ 10% added',
  });
  await app.close();
  await database.close();
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(work, { recursive: true, force: true }));
