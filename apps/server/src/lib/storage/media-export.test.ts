import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPerformer } from '../../../test/factories';
import { PDF_BYTES } from '../../../test/factories.accounts';
import { makeJpeg, multipartBody } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { findMedia } from '../../modules/media/media.repo';
import { storageFor } from './index';
import { createLocalStorage } from './local';

/** `npm run media:export`: DATA_DIR/media of a local install into a bucket (s3rver), checked on both sides. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-s3-export-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const s3 = new S3rver({
  port,
  address: '127.0.0.1',
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: 'moved' }],
});
await s3.run();
afterAll(async () => {
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});
const S3_ENV = {
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET: 'moved',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: '1',
};

const t = useTestApp();

describe('npm run media:export', () => {
  it('uploads every local file under its key, counts both sides, skips what is there on a second run, and the site serves from the bucket', async () => {
    const { app, database, dataDir } = t();
    expect(storageFor(app.ctx.config).kind).toBe('local');
    const creator = await buildPerformer(app);
    const { payload, headers } = multipartBody([
      { filename: 'a.jpg', content: await makeJpeg(640, 400) },
      { filename: 'b.jpg', content: await makeJpeg(300, 300) },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload,
      headers: { ...headers, ...creator.auth },
    });
    expect(up.statusCode, up.body).toBe(201);
    const doc = multipartBody([{ filename: 'terms.pdf', content: PDF_BYTES }]);
    const upDoc = await app.inject({
      method: 'POST',
      url: '/api/media/upload?kinds=document',
      payload: doc.payload,
      headers: { ...doc.headers, ...creator.auth },
    });
    expect(upDoc.statusCode, upDoc.body).toBe(201);
    const local = createLocalStorage(app.ctx.config.mediaDir);
    const files: Array<{ key: string; size: number }> = [];
    for await (const f of local.list()) files.push(f);
    expect(files.length).toBeGreaterThanOrEqual(8); // photo variants ×2 and the document

    const first = await exportCli(dataDir);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`${files.length} uploaded now, 0 already there`);
    expect(first.output).toMatch(/every file is in the bucket/);

    // The bucket, listed and read here: the same keys and the same bytes.
    const bucket = storageFor(loadConfig({ ...S3_ENV, DATA_DIR: path.join(dataDir, 'other') }));
    const inBucket = new Map<string, number>();
    for await (const o of bucket.list()) inBucket.set(o.key, o.size);
    expect([...inBucket.keys()].sort()).toEqual(files.map((f) => f.key).sort());
    for (const f of files) {
      const bytes = await readAll(await bucket.read(f.key));
      expect(bytes.equals(fs.readFileSync(path.join(app.ctx.config.mediaDir, f.key))), f.key).toBe(true);
    }

    const second = await exportCli(dataDir);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain(`0 uploaded now, ${files.length} already there`);

    // The same database with the S3 settings serves the photo from the bucket.
    const moved = await buildApp({
      config: loadConfig({
        ...S3_ENV,
        NODE_ENV: 'test',
        DATA_DIR: path.join(dataDir, 'moved'),
        LOG_LEVEL: 'silent',
        SEED_DEMO: '0',
        SECRET_KEY: 'test-secret-key-0123456789',
        WEB_DIST: path.join(dataDir, 'no-web'),
      }),
      database,
      logger: false,
    });
    try {
      const photo = up.json().data[0];
      // The link is bound to the uploader's session (issue 17): the uploader asks for it.
      const redirect = await moved.inject({ method: 'GET', url: photo.url, headers: creator.auth });
      expect(redirect.statusCode).toBe(302);
      const served = Buffer.from(await (await fetch(redirect.headers.location as string)).arrayBuffer());
      const row = await findMedia(database.db, photo._id);
      expect(served.equals(fs.readFileSync(path.join(app.ctx.config.mediaDir, row!.variants.full.key)))).toBe(true);
    } finally {
      await moved.close();
    }
  }, 180_000);

  it('says what is missing without a bucket', async () => {
    const run = await exportCli(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-nobucket-')), { S3_BUCKET: '' });
    expect(run.code).toBe(2);
    expect(run.output).toMatch(/set S3_BUCKET/);
  }, 60_000);
});

function exportCli(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/media-export.ts', '--data-dir', dataDir], {
      cwd: serverDir,
      env: { ...process.env, ...S3_ENV, INIT_CWD: '', ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
