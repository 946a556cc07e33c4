import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType?: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * Where media bytes live. Keys are relative paths made by the server only
 * (`<ownerId>/<mediaId>/<variant>`), never from user input.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Moves (local) or uploads (S3) a finished local file under `key`. The local file is gone afterwards. */
  putFile(key: string, filePath: string, contentType: string): Promise<StoredObject>;
  /** Stores a stream under `key`. */
  putStream(key: string, body: Readable, contentType: string, size?: number): Promise<StoredObject>;
  /** The bytes of `key` (optionally a range). Throws ENOENT-like errors with code 'NotFound'. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  /** Copies `key` to a local file for tools that need a path (ffmpeg, sharp). */
  download(key: string, filePath: string): Promise<void>;
  /** Deletes one key or everything under a prefix ending in '/'. */
  delete(keyOrPrefix: string): Promise<void>;
  /** Every stored object under `prefix` ('' = all), with its size (exports and their checks). */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** A presigned GET URL (S3 only). */
  presign?(
    key: string,
    opts: { expiresInSeconds: number; contentType?: string; disposition?: string },
  ): Promise<string>;
}

export class StorageNotFound extends Error {
  code = 'NotFound';
  constructor(key: string) {
    super(`No stored object at ${key}`);
  }
}

/** Keys are made by the server; this still refuses anything that could escape the root. */
export function assertSafeKey(key: string): string {
  const parts = key.replace(/\/$/, '').split('/');
  if (!key || key.startsWith('/') || key.includes('\\') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return key;
}
