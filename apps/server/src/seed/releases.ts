import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { reviewItems, users } from '../db/schema';
import { createFeed } from '../modules/feeds/feeds.service';
import { signRelease } from '../modules/releases/releases.invite';
import { findRelease } from '../modules/releases/releases.repo';
import { nameRelease } from '../modules/releases/releases.service';
import { decide } from '../modules/review/review.service';
import { seedPhoto } from './feeds';

/**
 * Consent of everyone depicted and §2257 records in the demo (docs/compliance.md): luna's post
 * "Sunset duo with @kai" names kai, who signed from his account (consented and verified, the
 * post approved and out, its release PDF printable); her post "Rooftop shoot with Mia" waits for
 * Mia, an outside person invited by link (the creator's editor shows the link). The custodian of
 * records is filled so /2257 and the export name someone.
 */
export async function seedReleases(ctx: Ctx) {
  await ctx.settings.update(
    {
      custodianName: 'Marquee Demo Ltd — Custodian of Records',
      custodianAddress: '1 Example Street, Suite 2257\nSpringfield, ST 00000\nUnited States',
      custodianEmail: 'records@marquee.example',
    },
    null,
  );
  const people = await ctx.db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'admin']));
  const who = (name: string) => people.find((p) => p.username === name);
  const [luna, kai, admin] = [who('luna'), who('kai'), who('admin')];
  if (!luna || !kai || !admin) return;
  const actor = (u: { id: string; username: string | null; role: 'admin' | 'performer' | 'user' }) => ({
    id: u.id,
    role: u.role,
    username: u.username,
    status: 'active' as const,
    locale: null,
    sessionId: 'seed',
  });
  const origin = 'http://localhost';

  const duoPhoto = await seedPhoto(ctx, luna.id, 'Sunset duo', 'dawn');
  const duo = await createFeed(ctx, luna.id, {
    text: 'Sunset duo with @kai',
    fileIds: [duoPhoto],
    visibility: 'subscribers',
  });
  const withKai = await nameRelease(
    ctx,
    actor(luna),
    { subjectType: 'feed', subjectId: duo.id, title: 'Sunset duo', mediaIds: [duoPhoto], performer: 'kai' },
    origin,
  );
  const today = ctx.now().toISOString().slice(0, 10);
  const release = await signRelease(
    ctx,
    (await findRelease(ctx.db, withKai._id))!,
    {
      legalName: 'Kai Morgan',
      aliases: 'kai',
      dateOfBirth: '1992-06-14',
      signedDate: today,
      idDocumentType: 'passport',
      idDocumentNumber: 'GB5501234',
      agree: true,
    },
    { ip: '127.0.0.1', userAgent: 'seed', user: actor(kai) },
  );
  const [open] = await ctx.db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.objectId, duo.id), inArray(reviewItems.state, ['pending', 'escalated'])));
  if (open && release.signedAt) await decide(ctx, { user: actor(admin), ip: null }, open.id, { action: 'approve' });

  // The e2e template (SEED_REVIEW=0) keeps the queue empty for its own journeys.
  if (process.env.SEED_REVIEW === '0') return;
  const rooftopPhoto = await seedPhoto(ctx, luna.id, 'Rooftop', 'neon');
  const rooftop = await createFeed(ctx, luna.id, {
    text: 'Rooftop shoot with Mia — coming soon',
    fileIds: [rooftopPhoto],
    visibility: 'subscribers',
  });
  await nameRelease(
    ctx,
    actor(luna),
    { subjectType: 'feed', subjectId: rooftop.id, title: 'Rooftop shoot', mediaIds: [rooftopPhoto], name: 'Mia' },
    origin,
  );
}
