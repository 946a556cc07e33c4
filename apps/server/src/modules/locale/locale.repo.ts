import type { Locale } from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export async function storeLocale(db: Executor, userId: string, locale: Locale) {
  await db.update(users).set({ locale, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
