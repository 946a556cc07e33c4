import type { Locale } from '@marquee/shared';
import type { Ctx } from '../../context';
import { invalidateUserSessions } from '../auth';
import { storeLocale } from './locale.repo';

/** Stores the account's interface language (docs/i18n.md), so every device and server text can use it. */
export async function setLocale(ctx: Ctx, userId: string, locale: Locale) {
  await storeLocale(ctx.db, userId, locale);
  // Signed-in requests carry the locale (error messages): cached sessions must see the new one.
  await invalidateUserSessions(ctx.bus, userId);
  return { locale };
}
