import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../context';
import { media, performers } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { countUsers, insertUser } from '../modules/users/users.repo';
import { seedAccounts } from './accounts';
import { seedAgeAssurance } from './age-assurance';
import { CAST_PLANS, insertCast, seedCastActivity, seedLooks } from './cast';
import { seedCatalogue } from './catalogue';
import { seedChargebacks } from './chargebacks';
import { seedComplaints } from './complaints';
import { seedDecisions } from './decisions';
import { seedFeeds } from './feeds';
import { seedHashes } from './hashes';
import { seedMassMessages } from './mass-messages';
import { seedMessages } from './messages';
import { seedMoney } from './money';
import { seedPayouts } from './payouts';
import { seedPrivacy } from './privacy';
import { seedProfiles } from './profiles';
import { seedReleases } from './releases';
import { seedReview } from './review';
import { seedStreaming } from './streaming';
import { seedSubscriptions } from './subscriptions';

/** The demo logins, listed in the README and printed at start. */
export const DEMO_PASSWORD = 'marquee-demo-2026';
export const DEMO_ACCOUNTS = [
  { username: 'admin', email: 'admin@marquee.local', name: 'Site Admin', role: 'admin' as const },
  { username: 'luna', email: 'luna@marquee.local', name: 'Luna Rivera', role: 'performer' as const },
  { username: 'kai', email: 'kai@marquee.local', name: 'Kai Morgan', role: 'performer' as const },
  { username: 'sasha', email: 'sasha@marquee.local', name: 'Sasha Blake', role: 'performer' as const },
  { username: 'alex', email: 'alex@marquee.local', name: 'Alex Fan', role: 'user' as const },
  { username: 'jamie', email: 'jamie@marquee.local', name: 'Jamie Fan', role: 'user' as const },
  // A moderator (docs/compliance.md "Moderator role"): review, live monitor, complaints, reports only.
  {
    username: 'morgan',
    email: 'morgan@marquee.local',
    name: 'Morgan Moderator',
    role: 'user' as const,
    staffRole: 'moderator' as const,
  },
];

/** The README's words for the demo roles: fan, creator, admin (and the moderator's staff role). */
export function demoRole(account: (typeof DEMO_ACCOUNTS)[number]): string {
  if ('staffRole' in account && account.staffRole) return account.staffRole;
  return { user: 'fan', performer: 'creator', admin: 'admin' }[account.role];
}

const PROFILES: Record<string, Partial<typeof performers.$inferInsert>> = {
  luna: {
    bio: 'Fitness coach and yoga lover. Daily workouts, behind-the-scenes and live Q&A every Friday.',
    gender: 'female',
    country: 'US',
    city: 'Los Angeles',
    languages: ['en', 'es'],
    bodyType: 'fit',
    eyes: 'green',
    hair: 'brown',
    age: '25_29',
    monthlyPrice: 999,
    yearlyPrice: 9900,
    freeSubscriptionEnabled: true,
    freeSubscriptionDays: 1,
    verificationStatus: 'verified',
    socialLinks: { instagram: 'https://instagram.com/luna' },
  },
  kai: {
    bio: 'Travel photographer. Exclusive photo sets from 40+ countries and the stories behind them.',
    gender: 'male',
    country: 'GB',
    city: 'London',
    languages: ['en'],
    bodyType: 'slim',
    eyes: 'blue',
    hair: 'blonde',
    age: '30_34',
    monthlyPrice: 1499,
    yearlyPrice: 14900,
    verificationStatus: 'verified',
  },
  sasha: {
    bio: 'Cosplay, makeup tutorials and gaming streams. New looks every week.',
    gender: 'female',
    country: 'CA',
    city: 'Toronto',
    languages: ['en', 'fr'],
    bodyType: 'petite',
    eyes: 'hazel',
    hair: 'red',
    age: '20_24',
    monthlyPrice: 495,
    yearlyPrice: 4900,
    verificationStatus: 'pending',
  },
};

/**
 * Loads demo data into an empty database: an admin, twelve creators with profiles and content,
 * six fans. `step` hears what is being prepared and how far it is.
 */
export async function seedDemoIfEmpty(ctx: Ctx, step: (msg: string) => void = () => {}): Promise<boolean> {
  if ((await countUsers(ctx.db)) > 0) return false;
  step('preparing demo data (first start only): 12 creators, 6 fans, generated pictures and clips');
  const total = 5;
  let done = 0;
  const phase = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const out = await work();
    done++;
    step(`demo data ${done}/${total}: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return out;
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await phase('accounts and profiles', async () => {
    await ctx.db.transaction(async (tx) => {
      for (const a of DEMO_ACCOUNTS) {
        const user = await insertUser(tx, { ...a, passwordHash, emailVerified: true });
        const profile = PROFILES[a.username];
        if (profile) {
          await tx
            .update(performers)
            // Creators earn only with a date of birth of age (performers/earning-policy.ts).
            .set({ dateOfBirth: '1995-06-15', ...profile, displayName: a.name })
            .where(eq(performers.userId, user.id));
        }
      }
      await insertCast(tx, passwordHash);
    });
    await seedAccounts(ctx);
    await seedProfiles(ctx);
  });
  await phase('avatars and covers', () => seedLooks(ctx));
  await phase('posts, stories, galleries, videos and products', () =>
    Promise.all([seedFeeds(ctx), seedCatalogue(ctx, CAST_PLANS), seedCastActivity(ctx)]),
  );
  await phase('conversations', () => seedMessages(ctx));
  await phase('subscriptions, tips and orders', async () => {
    await seedSubscriptions(ctx);
    await seedMassMessages(ctx);
    await seedMoney(ctx);
    await seedChargebacks(ctx);
    await seedPayouts(ctx);
    await seedStreaming(ctx);
    await seedPrivacy(ctx);
    await seedComplaints(ctx);
    await seedDecisions(ctx);
    await seedHashes(ctx);
    await seedReview(ctx);
    await seedAgeAssurance(ctx);
    await seedReleases(ctx);
  });
  ctx.log.info(
    `Demo data loaded. Sign in with any of: ${DEMO_ACCOUNTS.map((a) => `${a.username} (${demoRole(a)})`).join(', ')}; password "${DEMO_PASSWORD}"`,
  );
  return true;
}

/** Waits until no media is processing (demo videos go through the real job queue). */
export async function waitForMediaProcessing(ctx: Ctx, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(media)
      .where(eq(media.status, 'processing'));
    if (row.n === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  ctx.log.warn('demo media still processing after the wait');
}
