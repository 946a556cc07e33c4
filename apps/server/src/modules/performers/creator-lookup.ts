import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { performers, users } from '../../db/schema';
import { notFound } from '../../lib/errors';

/**
 * THE creator lookup by id or username (docs/development.md "Rules, once"): a uuid is an id, anything
 * else a username (case-insensitive, never an email). Only accounts with a creator profile match; any
 * status (callers decide what a suspended creator may be seen or done with). Null when nobody matches.
 */
export async function findCreatorByIdOrUsername(db: Executor, idOrUsername: string) {
  const match = isUuid(idOrUsername)
    ? eq(users.id, idOrUsername)
    : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`;
  const [row] = await db
    .select({ id: users.id, username: users.username, status: users.status, displayName: performers.displayName })
    .from(users)
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(match)
    .limit(1);
  return row ?? null;
}

/** An active creator by id or username, for actions on them (follow, block, report); 404 otherwise. */
export async function resolveCreator(ctx: Pick<Ctx, 'db'>, idOrUsername: string) {
  const ref = await findCreatorByIdOrUsername(ctx.db, idOrUsername);
  if (ref?.status !== 'active') throw notFound('Creator');
  return ref;
}
