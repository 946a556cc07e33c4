import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, type Storage, StorageNotFound } from './storage';

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Media in an S3-compatible bucket (AWS, MinIO, R2, …). Objects stay private; reads go through presigned URLs. */
export function createS3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    // Plain signed PUTs: many S3-compatible stores do not understand aws-chunked trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  const Bucket = opts.bucket;

  async function put(key: string, body: Readable | Buffer, contentType: string, size?: number) {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: assertSafeKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: size,
      }),
    );
    return { size: size ?? 0, contentType };
  }

  return {
    kind: 's3',
    async putFile(key, filePath, contentType) {
      const st = await fsp.stat(filePath);
      const res = await put(key, fs.createReadStream(filePath), contentType, st.size);
      await fsp.rm(filePath, { force: true });
      return res;
    },
    async putStream(key, body, contentType, size) {
      if (size !== undefined) return put(key, body, contentType, size);
      // Without a length S3 needs a multipart upload; our callers always know it, so buffer only small bodies.
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      const buf = Buffer.concat(chunks);
      return put(key, buf, contentType, buf.length);
    },
    async read(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: assertSafeKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return out.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFound(key);
        throw err;
      }
    },
    async stat(key) {
      try {
        const h = await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return { size: Number(h.ContentLength ?? 0), contentType: h.ContentType };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async download(key, filePath) {
      const body = await this.read(key);
      await pipeline(body, fs.createWriteStream(filePath));
    },
    async delete(keyOrPrefix) {
      if (!keyOrPrefix.endsWith('/')) {
        await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: assertSafeKey(keyOrPrefix) }] } }),
        );
        return;
      }
      let token: string | undefined;
      do {
        const list = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: assertSafeKey(keyOrPrefix), ContinuationToken: token }),
        );
        const keys = (list.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = list.IsTruncated ? list.NextContinuationToken : undefined;
      } while (token);
    },
    async *list(prefix = '') {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async presign(key, { expiresInSeconds, contentType, disposition }) {
      const cmd = new GetObjectCommand({
        Bucket,
        Key: assertSafeKey(key),
        ResponseContentType: contentType,
        ResponseContentDisposition: disposition,
        ResponseCacheControl: 'private, max-age=300',
      });
      return getSignedUrl(client, cmd, { expiresIn: Math.max(1, Math.floor(expiresInSeconds)) });
    },
  };
}
