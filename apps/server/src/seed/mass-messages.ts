import { eq } from 'drizzle-orm';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import { createMassMessage, deliverMassMessage } from '../modules/mass-messages/mass-messages.service';

/**
 * Demo mass messages, through the real service: luna has written to her subscribers
 * (delivered now, so alex and jamie find it in their inbox) and has one scheduled for tomorrow.
 */
export async function seedMassMessages(ctx: Ctx) {
  const [luna] = await ctx.db
    .select({ id: users.id, role: users.role, username: users.username, status: users.status })
    .from(users)
    .where(eq(users.username, 'luna'));
  if (!luna) return;
  const creator = { ...luna, sessionId: 'seed' };
  const sent = await createMassMessage(ctx, creator, {
    audience: 'subscribers',
    text: 'Thank you for subscribing! New sunset set drops this weekend — reply and tell me what you want to see next.',
  });
  await deliverMassMessage(ctx, sent._id);
  await createMassMessage(ctx, creator, {
    audience: 'all',
    text: 'Going live tomorrow evening — see you there!',
    scheduledAt: new Date(ctx.now().getTime() + 24 * 3600_000),
  });
}
