import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { accountTokens } from '../../db/schema';
import { now } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secret';

export type AccountTokenKind = (typeof accountTokens.$inferSelect)['kind'];

/**
 * Issues a single-use link token; earlier unused tokens of the same kind stop working unless
 * `keepEarlier` (undo links: each one mailed must keep working).
 */
export async function issueAccountToken(
  db: Executor,
  userId: string,
  kind: AccountTokenKind,
  ttlMinutes: number,
  opts: { email?: string; keepEarlier?: boolean } = {},
): Promise<string> {
  const token = randomToken(32);
  if (!opts.keepEarlier) await expireAccountTokens(db, userId, kind);
  await db.insert(accountTokens).values({
    id: newId(),
    userId,
    kind,
    email: opts.email ?? null,
    tokenHash: sha256(token),
    expiresAt: new Date(now().getTime() + ttlMinutes * 60_000),
  });
  return token;
}

/** Makes every unused token of a kind of the user stop working. */
export async function expireAccountTokens(db: Executor, userId: string, kind: AccountTokenKind) {
  await db
    .update(accountTokens)
    .set({ usedAt: now() })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

export async function findAccountToken(db: Executor, token: string, kind: AccountTokenKind) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when someone used it first (concurrent requests). */
export async function consumeAccountToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now() })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}
