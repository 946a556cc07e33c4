import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import { addDefaultRules } from '../modules/age-assurance';
import { submitBuiltin } from '../modules/age-assurance/checks.service';

/**
 * Age assurance in the demo (docs/compliance.md "Age assurance"): the researched jurisdiction rules
 * (the UK and the US states with laws in force: assurance required), and jamie's built-in check (a
 * drawn "ID card" and "selfie") waiting in Admin › Age checks. The Yoti sandbox is mounted by the
 * server itself (YOTI_AGE_SANDBOX), so a visitor from a ruled place passes through it offline.
 */
export async function seedAgeAssurance(ctx: Ctx) {
  await addDefaultRules(ctx);
  const [jamie] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, ['jamie']));
  if (!jamie) return;
  const card = (w: number, h: number, color: string) =>
    sharp({ create: { width: w, height: h, channels: 3, background: color } })
      .png()
      .toBuffer();
  await submitBuiltin(ctx, jamie.id, {
    document: await card(320, 200, '#c9d6e8'),
    selfie: await card(200, 240, '#e8cfc9'),
  });
}
