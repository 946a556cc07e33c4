import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { performers, type UserRow } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { createSession } from '../src/modules/auth/sessions';
import { grant } from '../src/modules/entitlements/entitlements.service';
import { insertUser } from '../src/modules/users/users.repo';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
export const TEST_PASSWORD = 'correct-horse-battery-staple';
let cachedHash: Promise<string> | null = null;
const testHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};

export interface Actor {
  user: UserRow;
  token: string;
  /** Headers for app.inject: { authorization: 'Bearer …' }. */
  auth: { authorization: string };
}

type UserOverrides = Partial<Parameters<typeof insertUser>[1]>;

export async function buildUser(app: App, overrides: UserOverrides = {}): Promise<Actor> {
  const u = unique();
  const user = await insertUser(app.ctx.db, {
    username: `user_${u}`,
    email: `user_${u}@example.test`,
    name: `User ${u}`,
    role: 'user',
    emailVerified: true,
    passwordHash: await testHash(),
    ...overrides,
  });
  const { token } = await createSession(app.ctx.db, user.id, { remember: false });
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

export async function buildPerformer(
  app: App,
  overrides: UserOverrides = {},
  profile: Partial<typeof performers.$inferInsert> = {},
): Promise<Actor> {
  const u = unique();
  const actor = await buildUser(app, {
    username: `creator_${u}`,
    name: `Creator ${u}`,
    role: 'performer',
    ...overrides,
  });
  await app.ctx.db
    .update(performers)
    .set({ verificationStatus: 'verified', dateOfBirth: '1990-01-01', ...profile })
    .where(eq(performers.userId, actor.user.id));
  return actor;
}

export function buildAdmin(app: App, overrides: UserOverrides = {}): Promise<Actor> {
  return buildUser(app, { role: 'admin', ...overrides });
}

/** Gives a fan a subscription entitlement to a creator until `expiresAt`. */
export function buildSubscriptionEntitlement(app: App, fanId: string, creatorId: string, expiresAt: Date) {
  return grant(app.ctx.db, {
    userId: fanId,
    objectType: 'performer',
    objectId: creatorId,
    creatorId,
    source: 'subscription',
    expiresAt,
  });
}
