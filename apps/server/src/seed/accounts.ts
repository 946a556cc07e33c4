import { sql } from 'drizzle-orm';
import type { Ctx } from '../context';
import { newId } from '../db/ids';
import { identityVerifications, users } from '../db/schema';

/**
 * Accounts demo data: sasha's identity verification waits for review (manual
 * provider) so the admin console has something to approve.
 */
export async function seedAccounts(ctx: Ctx) {
  const [sasha] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = 'sasha'`)
    .limit(1);
  if (!sasha) return;
  await ctx.db.insert(identityVerifications).values({
    id: newId(),
    userId: sasha.id,
    provider: 'manual',
    status: 'pending',
    note: 'Demo: documents waiting for review',
  });
}
