import type { IdentityVerification } from '@marquee/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { type IdentityVerificationRow, identityVerifications } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import type { AuthUser } from '../auth';
import { assertCanManagePerformer, findPerformer, listDocuments, updatePerformerRow } from '../performers';
import { canReviewIdentities, canSeeVerification } from './identity.policy';
import { providerByName, providerFor } from './identity.providers';

type PerformerStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

function present(
  row: IdentityVerificationRow,
  performerStatus: PerformerStatus,
  url: string | null = null,
): IdentityVerification {
  return {
    _id: row.id,
    performerId: row.userId,
    provider: row.provider,
    status: row.status,
    url,
    sessionId: row.externalId,
    clientSessionToken: row.status === 'pending' ? row.clientToken : null,
    verificationStatus: performerStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const yotiUrl = (ctx: Ctx, row: IdentityVerificationRow) =>
  row.provider === 'yoti' && row.externalId && row.clientToken && row.status === 'pending'
    ? `${ctx.config.YOTI_BASE_URL.replace(/\/$/, '')}/web/index.html?sessionID=${encodeURIComponent(row.externalId)}&sessionToken=${encodeURIComponent(row.clientToken)}`
    : null;

/** Starts a verification for a creator (the creator itself or an admin) with the configured provider. */
export async function startVerification(ctx: Ctx, actor: AuthUser, performerId: string) {
  assertCanManagePerformer(actor, performerId);
  const performer = await findPerformer(ctx.db, performerId);
  if (!performer) throw notFound('Creator');
  if (performer.verificationStatus === 'verified')
    throw badRequest(msg('error.identity.alreadyVerified'), 'ALREADY_VERIFIED');
  const provider = providerFor(ctx);
  if (provider.name === 'manual' && (await listDocuments(ctx.db, performerId)).length === 0) {
    throw badRequest(msg('error.identity.documentsRequired'), 'DOCUMENTS_REQUIRED');
  }
  const session = await provider.create(ctx, performerId);
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(identityVerifications)
      .values({
        id: newId(),
        userId: performerId,
        provider: provider.name,
        externalId: session.externalId,
        clientToken: session.clientToken,
        status: 'pending',
      })
      .returning();
    await updatePerformerRow(tx, performerId, { verificationStatus: 'pending', verificationNote: null });
    return r;
  });
  return present(row, 'pending', session.url);
}

/** The latest verdict of a verification; asks the provider and applies it to the creator. */
export async function refreshVerification(ctx: Ctx, actor: AuthUser, id: string) {
  const [row] = await ctx.db.select().from(identityVerifications).where(eq(identityVerifications.id, id)).limit(1);
  if (!row || !canSeeVerification(actor, row)) throw notFound('Verification');
  let current = row;
  if (row.status === 'pending') {
    const outcome = await providerByName(row.provider).check(ctx, row.externalId);
    if (outcome.status !== 'pending' || outcome.result) {
      current = await ctx.db.transaction(async (tx) => {
        const [u] = await tx
          .update(identityVerifications)
          .set({ status: outcome.status, result: outcome.result ?? null, updatedAt: ctx.now() })
          .where(and(eq(identityVerifications.id, row.id), eq(identityVerifications.status, 'pending')))
          .returning();
        if (u && outcome.status !== 'pending') {
          await updatePerformerRow(tx, row.userId, {
            verificationStatus:
              outcome.status === 'verified' ? 'verified' : outcome.status === 'rejected' ? 'rejected' : 'unverified',
          });
        }
        return u ?? row;
      });
    }
  }
  const performer = await findPerformer(ctx.db, row.userId);
  return present(current, performer?.verificationStatus ?? 'unverified', yotiUrl(ctx, current));
}

/** Admin decision on a creator's identity (manual review, or overriding a provider). */
export async function reviewIdentity(
  ctx: Ctx,
  actor: AuthUser,
  performerId: string,
  decision: 'verified' | 'rejected',
  note?: string,
) {
  if (!canReviewIdentities(actor)) throw forbidden(msg('error.identity.onlyAdminsReview'));
  const performer = await findPerformer(ctx.db, performerId);
  if (!performer) throw notFound('Creator');
  await ctx.db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, performerId))
      .orderBy(desc(identityVerifications.createdAt))
      .limit(1);
    if (latest?.status === 'pending') {
      await tx
        .update(identityVerifications)
        .set({ status: decision, reviewedById: actor.id, note: note ?? null, updatedAt: ctx.now() })
        .where(eq(identityVerifications.id, latest.id));
    }
    await updatePerformerRow(tx, performerId, { verificationStatus: decision, verificationNote: note ?? null });
  });
  return { verificationStatus: decision };
}
