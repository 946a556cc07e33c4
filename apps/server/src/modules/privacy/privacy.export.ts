import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { MediaVariant } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { storageFor } from '../../lib/storage';
import { personColumns, rows } from './privacy.repo';

type Row = Record<string, unknown>;

/** Never exported: credentials and secrets, even the account's own. */
const SECRET_COLUMNS = new Set(['password_hash', 'totp_secret', 'token_hash', 'credentials', 'p256dh', 'auth']);
/** Tables that hold no data of the person (or only operator records: the audit log, tokens). */
const SKIP_TABLES = new Set(['audit_log', 'account_tokens', 'data_exports', 'settings', 'webhook_events']);
/** Columns that name someone else as the subject (another user's notification about this one). */
const NOT_THE_SUBJECT = new Set(['notifications.actor_id']);

const clean = (r: Row): Row => Object.fromEntries(Object.entries(r).filter(([k]) => !SECRET_COLUMNS.has(k)));

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

  const [user] = await rows(db, sql`select * from users where id = ${userId}`);
  const [performer] = await rows(db, sql`select * from performers where user_id = ${userId}`);
  zip.addBuffer(json({ account: clean(user), creatorProfile: performer ? clean(performer) : null }), 'profile.json');

  // Messages it sent and received: every message of every conversation it is a member of.
  const messages = await rows(
    db,
    sql`select m.id, m.conversation_id, m.sender_id, u.username as sender_username, m.text, m.created_at
          from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${userId}
          left join users u on u.id = m.sender_id
         order by m.created_at`,
  );
  zip.addBuffer(json(messages), 'messages.json');

  // Money: its ledger entries (wallet, earnings, reserve accounts) with the transaction they belong to.
  const transactions = await rows(
    db,
    sql`select t.created_at, t.kind, a.key as account, e.amount as amount_cents, t.reference, t.id as transaction_id
          from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
         where a.owner_id = ${userId} order by t.created_at, t.id`,
  );
  zip.addBuffer(Buffer.from(csv(transactions)), 'transactions.csv');
  const purchases = await rows(db, sql`select * from wallet_charges where user_id = ${userId} order by created_at`);
  zip.addBuffer(Buffer.from(csv(purchases.map(clean))), 'purchases.csv');
  if (performer) {
    const subscribers = await rows(
      db,
      sql`select s.id, u.username as fan_username, s.status, s.created_at, s.current_period_end
            from subscriptions s left join users u on u.id = s.user_id where s.creator_id = ${userId} order by s.created_at`,
    );
    zip.addBuffer(Buffer.from(csv(subscribers)), 'subscribers.csv');
    const earnings = await rows(db, sql`select * from earnings where creator_id = ${userId} order by created_at`);
    zip.addBuffer(Buffer.from(csv(earnings)), 'earnings.csv');
  }
  await onProgress(20);

  // Every other table that mentions the account, one JSON file each (content, subscriptions,
  // comments, follows, orders, notifications…): new tables are included without code changes.
  const byTable = new Map<string, string[]>();
  for (const { table, column } of await personColumns(db)) {
    if (SKIP_TABLES.has(table) || NOT_THE_SUBJECT.has(`${table}.${column}`) || table === 'users') continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  let done = 0;
  for (const [table, columns] of byTable) {
    const where = sql.join(
      columns.map((c) => sql`${sql.identifier(c)} = ${userId}`),
      sql` or `,
    );
    const list = await rows(db, sql`select * from ${sql.identifier(table)} where ${where}`);
    if (list.length > 0) zip.addBuffer(json(list.map(clean)), `data/${table}.json`);
    done++;
    if (done % 10 === 0) await onProgress(20 + Math.round((30 * done) / byTable.size));
  }
  await onProgress(50);

  // Its own uploaded files and profile images.
  const storage = storageFor(ctx.config);
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
    ['welcome-video', performer?.welcome_video_path],
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
      account: user.id,
      files: fileCount,
      contents: {
        'profile.json': 'the account and, for creators, the creator profile',
        'messages.json': 'messages sent and received',
        'transactions.csv': 'ledger entries of its wallet and earnings accounts',
        'purchases.csv': 'tips, purchases and rentals paid from the wallet',
        'subscribers.csv': 'creators: their subscribers',
        'earnings.csv': 'creators: their earnings',
        'data/*.json': 'every other record that names the account',
        'media/': 'files it uploaded',
        'profile/': 'its profile images and welcome video',
      },
    }),
    'README.json',
  );
  zip.end();
  await written;
  return { file, dir };
}
