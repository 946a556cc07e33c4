import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ByteRange, type Storage, StorageNotFound } from './storage';

/** Media on local disk under `root` (config.mediaDir = DATA_DIR/media). */
export function createLocalStorage(root: string): Storage {
  const abs = (key: string) => {
    const p = path.resolve(root, assertSafeKey(key));
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return p;
  };
  const notFound = (key: string) => (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw new StorageNotFound(key);
    throw err;
  };

  return {
    kind: 'local',
    async putFile(key, filePath) {
      const dest = abs(key);
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      try {
        await fsp.rename(filePath, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fsp.copyFile(filePath, dest);
        await fsp.rm(filePath, { force: true });
      }
      const st = await fsp.stat(dest);
      return { size: st.size };
    },
    async putStream(key, body) {
      const dest = abs(key);
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      await pipeline(body, fs.createWriteStream(dest));
      const st = await fsp.stat(dest);
      return { size: st.size };
    },
    async read(key, range?: ByteRange) {
      const p = abs(key);
      await fsp.access(p).catch(notFound(key));
      return fs.createReadStream(p, range ? { start: range.start, end: range.end } : undefined) as Readable;
    },
    async stat(key) {
      try {
        const st = await fsp.stat(abs(key));
        return st.isFile() ? { size: st.size } : null;
      } catch {
        return null;
      }
    },
    async download(key, filePath) {
      await fsp.copyFile(abs(key), filePath).catch(notFound(key));
    },
    async delete(keyOrPrefix) {
      await fsp.rm(abs(keyOrPrefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async *list(prefix = '') {
      const start = prefix ? abs(prefix.replace(/\/$/, '')) : path.resolve(root);
      const walk = async function* (dir: string): AsyncGenerator<{ key: string; size: number }> {
        const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) yield* walk(p);
          else if (e.isFile()) {
            const key = path.relative(root, p).split(path.sep).join('/');
            yield { key, size: (await fsp.stat(p)).size };
          }
        }
      };
      yield* walk(start);
    },
  };
}
