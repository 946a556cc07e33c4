import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { storageFor } from '../../lib/storage';
import { audit } from '../audit';
import { invalidateUserSessions } from '../auth';
import { RECORD_TABLES, retainRecordsOnErasure } from '../releases';
import { rows, textColumns } from './privacy.repo';

/**
 * Records that are the person's own and go entirely (table, column naming them). Content goes with
 * its creator, so buyers keep access exactly until this runs (docs/privacy.md, refund policy).
 */
const DELETE: Array<[string, string]> = [
  ['sessions', 'user_id'],
  ['account_tokens', 'user_id'],
  ['linked_accounts', 'user_id'],
  ['notifications', 'user_id'],
  ['notification_preferences', 'user_id'],
  ['push_subscriptions', 'user_id'],
  ['addresses', 'user_id'],
  ['payment_cards', 'user_id'],
  ['gateway_accounts', 'user_id'],
  ['follows', 'follower_id'],
  ['follows', 'creator_id'],
  ['user_blocks', 'user_id'],
  ['user_blocks', 'creator_id'],
  ['country_blocks', 'creator_id'],
  ['reactions', 'user_id'],
  ['comments', 'user_id'],
  ['comments', 'creator_id'],
  ['story_views', 'user_id'],
  ['feed_poll_votes', 'user_id'],
  ['reports', 'reporter_id'],
  ['identity_documents', 'user_id'],
  ['identity_verifications', 'user_id'],
  ['entitlements', 'user_id'],
  ['entitlements', 'creator_id'],
  ['messages', 'sender_id'],
  ['conversation_members', 'user_id'],
  ['mass_messages', 'performer_id'],
  ['subscription_offers', 'creator_id'],
  ['content_photos', 'creator_id'],
  ['content_items', 'creator_id'],
  ['feeds', 'performer_id'],
  ['feed_polls', 'performer_id'],
  ['stories', 'performer_id'],
  ['contact_messages', 'user_id'],
  ['media', 'owner_id'],
  ['performers', 'user_id'],
];

const REPLACEMENT = '[deleted]';
/**
 * Not scrubbed: the person's own rows here are anonymised or deleted above, the others belong to
 * other accounts; and the §2257 records, which the law asks the producer to keep (releases module).
 */
const KEPT_TABLES = new Set<string>(['users', 'performers', 'linked_accounts', ...RECORD_TABLES]);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Storage keys of everything the person stored, read before the rows go. */
async function storedKeys(db: Executor, userId: string): Promise<string[]> {
  const keys = [`${userId}/`];
  const [u] = await rows(db, sql`select avatar_path, cover_path from users where id = ${userId}`);
  const [p] = await rows(db, sql`select welcome_video_path from performers where user_id = ${userId}`);
  const docs = await rows(db, sql`select storage_path from identity_documents where user_id = ${userId}`);
  const exports = await rows(db, sql`select storage_key from data_exports where user_id = ${userId}`);
  for (const k of [
    u?.avatar_path,
    u?.cover_path,
    p?.welcome_video_path,
    ...docs.map((d) => d.storage_path),
    ...exports.map((e) => e.storage_key),
  ]) {
    if (typeof k === 'string' && k && !/^https?:|^\//.test(k)) keys.push(k);
  }
  return keys;
}

/**
 * Erases an account (docs/privacy.md): its own records deleted, its content and files gone, its
 * name, username and e-mail replaced wherever they appear as text, and the account row kept
 * anonymised because the ledger, charges, orders and subscriptions refer to it (kept by law).
 * One transaction; the stored files are deleted after commit.
 */
export async function eraseAccount(
  ctx: Ctx,
  userId: string,
  by: { actorId: string; reason?: string | null; ip?: string | null },
): Promise<{ filesDeleted: number }> {
  const keys = await storedKeys(ctx.db, userId);
  const kept = await ctx.db.transaction(async (tx) => {
    const [person] = await rows(tx, sql`select username, email, name from users where id = ${userId} for update`);
    if (!person) return [];
    // §2257: the records of a person on record stay, with their ID copies, for the legal period.
    const retained = await retainRecordsOnErasure(ctx, tx, userId);
    await tx.execute(sql`update conversations set last_message_text = '' where last_sender_id = ${userId}`);
    for (const [table, column] of DELETE) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
    }
    await tx.execute(sql`delete from data_exports where user_id = ${userId}`);
    // Kept for the books, without what identifies the person.
    await tx.execute(sql`update orders set delivery_address = null, note = null where user_id = ${userId}`);
    await tx.execute(sql`update wallet_charges set message = null where user_id = ${userId}`);
    await tx.execute(
      sql`update subscriptions set status = 'cancelled', current_period_end = least(current_period_end, now()), updated_at = now()
           where (user_id = ${userId} or creator_id = ${userId}) and status in ('active', 'created')`,
    );
    await tx.execute(
      sql`update users set username = null, email = null, name = '', password_hash = null, avatar_path = null,
            cover_path = null, totp_secret = null, totp_enabled = false, email_verified = false, status = 'suspended',
            referral_code = ${`erased-${randomBytes(6).toString('hex')}`}, erased_at = now(), updated_at = now()
          where id = ${userId}`,
    );
    await scrub(tx, [person.email, person.username, person.name]);
    // Its sessions went with the rows above; the per-token cache of every node forgets them on commit.
    await invalidateUserSessions(ctx.bus, userId, tx);
    await audit(ctx, tx, {
      actorId: by.actorId,
      action: by.actorId === userId ? 'user.erase.self' : 'user.erase',
      targetType: 'user',
      targetId: userId,
      reason: by.reason ?? null,
      ip: by.ip ?? null,
    });
    return retained;
  });
  const storage = storageFor(ctx.config);
  let filesDeleted = 0;
  for (const key of keys.filter((k) => !kept.includes(k))) {
    try {
      await storage.delete(key);
      filesDeleted++;
    } catch (err) {
      ctx.log.error({ err, key }, 'erasure: a stored file could not be deleted');
    }
  }
  return { filesDeleted };
}

/**
 * Replaces the person's e-mail, username and name wherever they still appear as text in any
 * table (others' notifications "alex subscribed", mail copies, audit snapshots, order copies…),
 * so tables added later are covered too. Whole words only; values under 3 characters are skipped.
 */
async function scrub(tx: Executor, values: unknown[]) {
  const patterns = values
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 3)
    .map((v) => `(?<![\\w.@-])${escapeRegex(v.trim())}(?![\\w@-])`);
  if (patterns.length === 0) return;
  const pattern = patterns.join('|');
  for (const { table, column, type } of await textColumns(tx)) {
    // Other accounts' own names stay theirs even when they happen to be the same; §2257 records stay.
    if (KEPT_TABLES.has(table)) continue;
    const col = sql.identifier(column);
    const t = sql.identifier(table);
    if (type === 'jsonb' || type === 'json') {
      await tx.execute(
        sql`update ${t} set ${col} = regexp_replace(${col}::text, ${pattern}, ${REPLACEMENT}, 'gi')::${sql.raw(type)} where ${col}::text ~* ${pattern}`,
      );
    } else {
      await tx.execute(
        sql`update ${t} set ${col} = regexp_replace(${col}, ${pattern}, ${REPLACEMENT}, 'gi') where ${col} ~* ${pattern}`,
      );
    }
  }
}
