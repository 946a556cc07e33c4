import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { Ctx } from '../../context';
import type { MediaVariant } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { EXPORT_PARTS, EXPORT_README, type ExportPart } from './privacy.export.tables';
import { rows } from './privacy.repo';

type Row = Record<string, unknown>;

function csv(list: Row[]): string {
  if (list.length === 0) return '';
  const cols = Object.keys(list[0]);
  const cell = (v: unknown) => {
    const s =
      v === null || v === undefined
        ? ''
        : v instanceof Date
          ? v.toISOString()
          : typeof v === 'object'
            ? JSON.stringify(v)
            : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${[cols.join(','), ...list.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\r\n')}\r\n`;
}

/** `select <allowed columns> from <table> t [join] where <the person's rows>` (values bound, names quoted). */
export function partQuery(part: ExportPart, me: string) {
  const t = sql.identifier('t');
  const columns = [
    ...part.columns.map((c) => sql`${t}.${sql.identifier(c)}`),
    ...Object.entries(part.computed ?? {}).map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`),
  ];
  return sql`select ${sql.join(columns, sql`, `)} from ${sql.identifier(part.table)} ${t} ${part.join ?? sql``}
    where ${part.rows(me)} ${part.orderBy ? sql`order by ${part.orderBy}` : sql``}`;
}

const json = (v: unknown) => Buffer.from(`${JSON.stringify(v, null, 2)}\n`);

/** The file of a media row worth handing back: the original, else the web rendition, else the largest. */
function bestVariant(variants: Record<string, MediaVariant>): MediaVariant | null {
  const files = Object.entries(variants).filter(([, v]) => !/mpegurl/i.test(v.mime) && !v.key.endsWith('/'));
  const pick = variants.original ?? variants.mp4 ?? files.sort(([, a], [, b]) => (b.size ?? 0) - (a.size ?? 0))[0]?.[1];
  return pick ?? null;
}

const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'file';

/**
 * Builds the ZIP of everything the account holds (docs/privacy.md) into a temporary file and
 * reports progress (0–100). Returns the file path; the caller stores and removes it.
 */
export async function buildExportZip(ctx: Ctx, userId: string, onProgress: (p: number) => Promise<void>) {
  const db = ctx.db;
  const zip = new yazl.ZipFile();
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'marquee-export-'));
  const file = path.join(dir, 'export.zip');
  const written = pipeline(zip.outputStream, fs.createWriteStream(file));

  const performer = (await rows(db, sql`select 1 from performers where user_id = ${userId}`)).length > 0;
  const parts = EXPORT_PARTS.filter((p) => performer || !p.creatorsOnly);
  const objects = new Map<string, Row>();
  for (const [i, part] of parts.entries()) {
    const list = await rows(db, partQuery(part, userId));
    if (part.key) objects.set(part.file, { ...objects.get(part.file), [part.key]: list[0] ?? null });
    else if (part.file.endsWith('.csv')) zip.addBuffer(Buffer.from(csv(list)), part.file);
    else if (list.length > 0 || !part.file.startsWith('data/')) zip.addBuffer(json(list), part.file);
    if (i % 10 === 9) await onProgress(Math.round((50 * (i + 1)) / parts.length));
  }
  for (const [file, value] of objects) zip.addBuffer(json(value), file);
  await onProgress(50);

  // Its own uploaded files and profile images.
  const storage = storageFor(ctx.config);
  const [user] = await rows(db, sql`select avatar_path, cover_path from users where id = ${userId}`);
  const [profile] = await rows(db, sql`select welcome_video_path from performers where user_id = ${userId}`);
  const media = await rows(
    db,
    sql`select id, original_name, variants from media where owner_id = ${userId} and status = 'ready' order by created_at`,
  );
  const own: Array<{ key: string; name: string }> = [];
  for (const m of media) {
    const v = bestVariant(m.variants as Record<string, MediaVariant>);
    if (v) own.push({ key: v.key, name: `media/${m.id}-${safeName(String(m.original_name || path.basename(v.key)))}` });
  }
  for (const [label, key] of [
    ['avatar', user.avatar_path],
    ['cover', user.cover_path],
    ['welcome-video', profile?.welcome_video_path],
  ] as const) {
    if (typeof key === 'string' && key && !/^https?:|^\//.test(key))
      own.push({ key, name: `profile/${label}${path.extname(key)}` });
  }
  let fileCount = 0;
  for (const [i, f] of own.entries()) {
    try {
      const stream = await storage.read(f.key);
      zip.addReadStream(stream, f.name);
      // yazl reads streams in order; wait for this one before opening the next.
      await new Promise<void>((resolve, reject) => {
        stream.once('end', resolve);
        stream.once('close', resolve);
        stream.once('error', reject);
      });
      fileCount++;
    } catch (err) {
      ctx.log.warn({ err, key: f.key }, 'export: a stored file could not be read');
    }
    await onProgress(50 + Math.round((45 * (i + 1)) / own.length));
  }
  zip.addBuffer(
    json({
      exportedAt: ctx.now().toISOString(),
      account: userId,
      files: fileCount,
      contents: EXPORT_README,
    }),
    'README.json',
  );
  zip.end();
  await written;
  return { file, dir };
}
