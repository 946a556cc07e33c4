import { type Locale, setLocaleBodySchema } from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { Ctx } from '../../context';
import { users } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { invalidateUserSessions } from '../auth/sessions';

/** Stores the account's interface language (docs/i18n.md), so every device and server text can use it. */
export async function setLocale(ctx: Ctx, userId: string, locale: Locale) {
  await ctx.db.update(users).set({ locale, updatedAt: sql`now()` }).where(eq(users.id, userId));
  // Signed-in requests carry the locale (error messages): cached sessions must see the new one.
  await invalidateUserSessions(ctx.bus, userId);
  return { locale };
}

export default async function localeRoutes(app: App) {
  app.put(
    '/users/me/locale',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary: 'Sets the interface language of my account',
        body: setLocaleBodySchema,
        response: { 200: z.object({ locale: z.string() }) },
      },
    },
    async (req) => setLocale(app.ctx, requireUser(req).id, req.body.locale),
  );
}
