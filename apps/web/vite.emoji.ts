import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The emoji webfont Chromium can draw (issue 31 item 1). `@fontsource/noto-color-emoji`'s woff2
 * subsets hold only an `SVG ` colour table, which Chromium does not draw (the emoji come out blank);
 * its woff subsets hold the same glyphs as COLRv1 too (Chrome 98+, Firefox 107+, Edge), beside the
 * SVG table. This writes each woff subset without its SVG table, once, into a cache directory the
 * stylesheet reaches through the `@emoji-colr` alias: 2.7 MB for all eleven subsets instead of the
 * woff2's 4.9 MB. Safari draws neither table but lists Apple Color Emoji first (styles.css).
 */
const SUBSETS = 11;

export function emojiFontDir(webRoot: string): string {
  const require = createRequire(path.join(webRoot, 'package.json'));
  const files = path.join(path.dirname(require.resolve('@fontsource/noto-color-emoji/package.json')), 'files');
  const out = path.join(webRoot, 'node_modules/.cache/emoji-colr');
  fs.mkdirSync(out, { recursive: true });
  for (let i = 0; i < SUBSETS; i++) {
    const target = path.join(out, `noto-color-emoji-${i}.woff`);
    if (fs.existsSync(target)) continue;
    const woff = fs.readFileSync(path.join(files, `noto-color-emoji-${i}-400-normal.woff`));
    fs.writeFileSync(target, dropTable(woff, 'SVG '));
  }
  return out;
}

/** A WOFF 1.0 font without one table (the compressed table blobs are copied as they are). */
export function dropTable(woff: Buffer, drop: string): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const o = 44 + i * 20;
    const offset = woff.readUInt32BE(o + 4);
    const compLength = woff.readUInt32BE(o + 8);
    return {
      tag: woff.toString('latin1', o, o + 4),
      data: woff.subarray(offset, offset + compLength),
      origLength: woff.readUInt32BE(o + 12),
      checksum: woff.readUInt32BE(o + 16),
    };
  }).filter((t) => t.tag !== drop);
  const pad4 = (n: number) => (n + 3) & ~3;
  const dirEnd = 44 + tables.length * 20;
  const length = tables.reduce((sum, t) => sum + pad4(t.data.length), dirEnd);
  const out = Buffer.alloc(length);
  woff.copy(out, 0, 0, 44);
  out.writeUInt32BE(length, 8);
  out.writeUInt16BE(tables.length, 12);
  out.writeUInt32BE(12 + 16 * tables.length + tables.reduce((s, t) => s + pad4(t.origLength), 0), 16);
  out.fill(0, 24, 44); // no metadata or private block
  let at = dirEnd;
  tables.forEach((t, i) => {
    const o = 44 + i * 20;
    out.write(t.tag, o, 'latin1');
    out.writeUInt32BE(at, o + 4);
    out.writeUInt32BE(t.data.length, o + 8);
    out.writeUInt32BE(t.origLength, o + 12);
    out.writeUInt32BE(t.checksum, o + 16);
    t.data.copy(out, at);
    at += pad4(t.data.length);
  });
  return out;
}
