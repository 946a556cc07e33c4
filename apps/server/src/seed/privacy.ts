import { eq } from 'drizzle-orm';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import { openExport } from '../modules/privacy/privacy.repo';
import { requestExport } from '../modules/privacy/privacy.service';

/** alex has asked for a copy of his data: account settings → Your data shows the ZIP (docs/privacy.md). */
export async function seedPrivacy(ctx: Ctx) {
  const [alex] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'alex'));
  if (alex && !(await openExport(ctx.db, alex.id))) await requestExport(ctx, alex.id, { actorId: alex.id });
}
