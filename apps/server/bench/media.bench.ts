/**
 * Media pipeline figures:
 * - upload throughput of a large file through the real HTTP server (multipart, streamed
 *   to storage) next to a plain streamed file copy on the same disk, and the server's peak memory;
 * - thumbnail time per 12-megapixel photo;
 * - video processing time as a ratio of ffmpeg run directly with the same settings.
 * BENCH_UPLOAD_MB (default 500) sets the upload size.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { runMigrations } from '../src/db/migrate';
import { ffmpegPaths, probe, webMp4Args } from '../src/lib/media/ffmpeg';
import { processImage } from '../src/lib/media/image';
import { createSession } from '../src/modules/auth/sessions';
import { videoPass } from '../src/modules/media/media.jobs';
import { findMedia } from '../src/modules/media/media.repo';
import { insertUser } from '../src/modules/users/users.repo';
import { cpuWithChildrenMs, postmasterPid } from './cpu';
import { openBenchDatabase } from './database';
import { benchNumber, record } from './results';

const MB = 1024 * 1024;
const uploadMb = benchNumber('BENCH_UPLOAD_MB', 500, 100);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-media-'));
const fmt = (n: number, d = 1) => n.toFixed(d);

async function main() {
  const dataDir = path.join(work, 'data');
  const database = await openBenchDatabase();
  await runMigrations(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    WEB_DIST: path.join(work, 'none'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await app.ctx.settings.update({ maxVideoSizeMb: Math.max(2048, uploadMb + 10) }, null);
  const user = await insertUser(app.ctx.db, {
    username: 'bench',
    email: 'bench@example.test',
    name: 'Bench',
    role: 'performer',
    emailVerified: true,
  });
  const { token } = await createSession(app.ctx.db, user.id, { remember: false });
  const { ffmpeg } = ffmpegPaths(config.FFMPEG_PATH);

  // 1. Upload throughput vs plain copy
  const clip = path.join(work, 'head.mp4');
  execFileSync(ffmpeg, [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:duration=1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    clip,
  ]);
  const big = path.join(work, 'big.mp4');
  {
    const head = fs.readFileSync(clip);
    const fd = fs.openSync(big, 'w');
    fs.writeSync(fd, head);
    const chunk = Buffer.alloc(8 * MB, 0x42);
    for (let written = head.length; written < uploadMb * MB; written += chunk.length) fs.writeSync(fd, chunk);
    fs.closeSync(fd);
  }
  const size = fs.statSync(big).size;
  let t0 = performance.now();
  await pipeline(fs.createReadStream(big), fs.createWriteStream(path.join(work, 'copy.bin')));
  const copyS = (performance.now() - t0) / 1000;
  fs.rmSync(path.join(work, 'copy.bin'));

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  t0 = performance.now();
  // curl streams the file from disk in its own process, so the memory measured is the server's.
  const status = await new Promise<string>((resolve, reject) => {
    const child = spawn('curl', [
      '-s',
      '-S',
      '-o',
      path.join(work, 'resp.json'),
      '-w',
      '%{http_code}',
      '-H',
      `authorization: Bearer ${token}`,
      '-F',
      `file=@${big};type=video/mp4`,
      `${address}/api/media/upload?kinds=video`,
    ]);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  const uploadS = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  fs.rmSync(big, { force: true });
  const resp = JSON.parse(fs.readFileSync(path.join(work, 'resp.json'), 'utf8'));
  if (status !== '201') throw new Error(`upload failed: ${status} ${JSON.stringify(resp)}`);
  console.log(
    `upload ${fmt(size / MB, 0)} MB: ${fmt(uploadS, 2)} s = ${fmt(size / MB / uploadS)} MB/s; plain streamed copy: ${fmt(copyS, 2)} s = ${fmt(size / MB / copyS)} MB/s; ratio upload/copy = ${fmt(uploadS / copyS, 2)}×`,
  );
  console.log(
    `server peak RSS during upload: ${fmt(peak / MB, 0)} MB (baseline ${fmt(baseline / MB, 0)} MB, +${fmt((peak - baseline) / MB, 0)} MB) for a ${fmt(size / MB, 0)} MB file`,
  );
  record({
    scenario: `${fmt(size / MB, 0)} MB streamed upload (vs a plain streamed file copy)`,
    value: size / MB / uploadS,
    unit: 'MB/s',
    ceiling: size / MB / copyS,
    p99_ms: null,
    goal: `≥ 90%, flat memory (peak +${fmt((peak - baseline) / MB, 0)} MB)`,
  });
  // let the background job see the junk video and give up before measuring more
  for (let i = 0; i < 100; i++) {
    const row = await findMedia(app.ctx.db, resp.data[0]._id);
    if (row?.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // 2. Thumbnails of a 12 MP photo
  const photo = path.join(work, 'photo.jpg');
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = ((i * 2654435761) >>> 24) & 0xff;
  await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 90 })
    .toFile(photo);
  const runs = 5;
  t0 = performance.now();
  for (let i = 0; i < runs; i++) await sharp(photo).rotate().resize({ width: 400 }).webp().toBuffer();
  const thumbMs = (performance.now() - t0) / runs;
  t0 = performance.now();
  for (let i = 0; i < runs; i++) await processImage(photo, path.join(work, `p${i}`));
  const pipelineMs = (performance.now() - t0) / runs;
  console.log(
    `12 MP JPEG: one 400 px thumbnail ${fmt(thumbMs, 0)} ms; the whole photo pipeline (rotate, strip, full JPEG, 3 thumbnails, blur) ${fmt(pipelineMs, 0)} ms`,
  );

  // 3. Video: our pipeline vs plain ffmpeg with the same settings
  const src = path.join(work, 'src.mp4');
  execFileSync(ffmpeg, [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    src,
  ]);
  const { ffprobe } = ffmpegPaths(config.FFMPEG_PATH);
  const p = await probe(ffprobe, src);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(src)], { type: 'video/mp4' }), 'src.mp4');
  const postmaster = postmasterPid(database.clusterDir);
  let cpu0 = cpuWithChildrenMs(postmaster);
  t0 = performance.now();
  const res = await fetch(`${address}/api/media/upload?kinds=video`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const id = ((await res.json()) as { data: Array<{ _id: string }> }).data[0]._id;
  let row = await findMedia(app.ctx.db, id);
  while (row?.status === 'processing') {
    await new Promise((r) => setTimeout(r, 50));
    row = await findMedia(app.ctx.db, id);
  }
  const oursS = (performance.now() - t0) / 1000;
  const oursCpuS = (cpuWithChildrenMs(postmaster) - cpu0) / 1000;
  if (row?.status !== 'ready') throw new Error(`video processing ended in ${row?.status}: ${row?.error}`);
  // The ceiling: the pipeline's own main pass (same function, same options as this upload got:
  // the MP4 and its stills, and the teaser had it asked for one), run directly.
  const direct = path.join(work, 'direct');
  fs.mkdirSync(direct);
  const pass = videoPass(row, p, src, direct);
  cpu0 = cpuWithChildrenMs();
  t0 = performance.now();
  execFileSync(ffmpeg, pass.args, { stdio: 'ignore' });
  const directS = (performance.now() - t0) / 1000;
  const directCpuS = (cpuWithChildrenMs() - cpu0) / 1000;
  // For reference: the MP4 alone, without the stills.
  cpu0 = cpuWithChildrenMs();
  t0 = performance.now();
  execFileSync(ffmpeg, webMp4Args(src, path.join(work, 'mp4-only.mp4'), p, row.options.watermark), { stdio: 'ignore' });
  const mp4OnlyS = (performance.now() - t0) / 1000;
  const mp4OnlyCpuS = (cpuWithChildrenMs() - cpu0) / 1000;
  console.log(
    `10 s of 720p: ffmpeg directly (the pipeline's main pass: MP4 + stills) ${fmt(directS, 2)} s (MP4 alone ${fmt(mp4OnlyS, 2)} s); our upload + processing (MP4, poster, thumbnails, blur) ${fmt(oursS, 2)} s; ratio ${fmt(oursS / directS, 2)}×`,
  );
  // CPU time moves far less than wall time with what else the machine is doing.
  console.log(
    `10 s of 720p, CPU time: ffmpeg directly ${fmt(directCpuS, 2)} s (MP4 alone ${fmt(mp4OnlyCpuS, 2)} s); ours (server, its ffmpeg/ffprobe runs and the database) ${fmt(oursCpuS, 2)} s; ratio ${fmt(oursCpuS / directCpuS, 2)}×`,
  );

  record({
    scenario: '10 s 720p video: upload + processing until ready (vs ffmpeg alone)',
    value: oursS,
    unit: 's',
    ceiling: directS,
    higherIsBetter: false,
    p99_ms: null,
    goal: '≤ 1.1× ffmpeg (ratio ≥ 91%)',
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
