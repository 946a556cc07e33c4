import type { Release } from '@marquee/shared';
import { releaseCreateSchema } from '@marquee/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import type { ReleaseRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { type AdminActor, inAdminTx } from '../admin';
import { audit } from '../audit';
import type { AuthUser } from '../auth';
import { announceDecisions, recordDecision } from '../decisions';
import { notify } from '../notifications';
import { findPerformer, resolveCreator } from '../performers';
import { holdItems, itemsWithMedia, presentQueueRelease, releaseStatusOf } from '../review';
import { plannedStreamId } from '../streaming';
import { canRevokeRelease, canSeeRelease, isAdmin, isProducer } from './releases.policy';
import * as repo from './releases.repo';
import { inviteUrl } from './releases.token';

/**
 * Consent of everyone depicted (issue 26 item 3, docs/compliance.md "Consent of everyone
 * depicted"). A creator names each person in an item's files; the review gate keeps every item
 * with those files out of publication until the person has signed and is verified.
 */

export const INVITE_DAYS = 14;

export function presentRelease(r: ReleaseRow, opts: { origin?: string; secret?: string; forCreator?: boolean } = {}) {
  const invite =
    opts.forCreator && !r.performerId && !r.signedAt && !r.revokedAt && r.inviteExpiresAt && opts.origin
      ? inviteUrl(opts.origin, opts.secret!, r)
      : null;
  return {
    _id: r.id,
    creatorId: r.creatorId,
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    title: r.title,
    mediaIds: r.mediaIds,
    displayName: r.legalName ?? r.displayName,
    performer: null as Release['performer'],
    status: releaseStatusOf(r),
    identityStatus: r.identityStatus,
    identityProvider: r.identityProvider,
    productionDate: r.productionDate,
    signedAt: r.signedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    inviteUrl: invite,
    inviteExpiresAt: invite ? r.inviteExpiresAt!.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  } satisfies Release;
}

async function withPerformers(db: Executor, rows: ReleaseRow[], origin: string, secret: string, forCreator: boolean) {
  const users = await repo.usersBrief(
    db,
    rows.map((r) => r.performerId).filter((x): x is string => !!x),
  );
  return rows.map((r) => {
    const p = r.performerId ? users.get(r.performerId) : null;
    return {
      ...presentRelease(r, { origin, secret, forCreator }),
      performer: p ? { _id: p.id, username: p.username } : null,
    };
  });
}

export async function listReleases(
  ctx: Ctx,
  actor: AuthUser,
  q: { subjectId?: string; mediaIds?: string[] },
  origin: string,
) {
  const rows = await repo.releasesOfCreator(ctx.db, actor.id, q.subjectId, q.mediaIds);
  return { data: await withPerformers(ctx.db, rows, origin, ctx.config.secretKey, true) };
}

/** Releases naming this creator as a co-performer: what they are asked to confirm. */
export async function listRequests(ctx: Ctx, actor: AuthUser, origin: string) {
  const rows = await repo.releasesNaming(ctx.db, actor.id);
  return { data: await withPerformers(ctx.db, rows, origin, ctx.config.secretKey, false) };
}

async function assertOwnMedia(db: Executor, creatorId: string, mediaIds: string[]) {
  const owned = await repo.mediaOwnedBy(db, creatorId, mediaIds);
  if (owned.length !== new Set(mediaIds).size)
    throw badRequest('Name people only in your own files', 'MEDIA_NOT_FOUND', [
      { field: 'mediaIds', message: 'Not your upload' },
    ]);
}

/**
 * Names a person depicted in an item's files: an existing verified creator (who confirms in the
 * app) or an outside person (invited by a signed link). Items already out with these files go
 * back to the review queue until the person has consented and is verified.
 */
export async function nameRelease(ctx: Ctx, actor: AuthUser, raw: z.input<typeof releaseCreateSchema>, origin: string) {
  const input = releaseCreateSchema.parse(raw);
  await assertOwnMedia(ctx.db, actor.id, input.mediaIds);
  // The item named must be the creator's own (or not exist yet): nobody holds another creator's item.
  if ((await itemsWithMedia(ctx.db, [], input.subjectId)).some((i) => !isProducer(actor, i))) throw notFound('Item');
  // A live stream is named before it starts: on the id the creator's next go-live takes.
  if (input.subjectType === 'stream' && input.subjectId !== (await plannedStreamId(ctx, actor.id)))
    throw notFound('Stream');
  let performerId: string | null = null;
  let displayName = input.name ?? '';
  if (input.performer) {
    const ref = await resolveCreator(ctx, input.performer);
    if (ref.id === actor.id) throw badRequest('You are the producer: name the other people', 'RELEASE_PERFORMER');
    if ((await findPerformer(ctx.db, ref.id))?.verificationStatus !== 'verified')
      throw badRequest('Only a verified creator can be named; invite this person by link instead', 'RELEASE_PERFORMER');
    performerId = ref.id;
    displayName = ref.displayName || ref.username || '';
  }
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const r = await repo.insertRelease(tx, {
      id: newId(),
      creatorId: actor.id,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      title: input.title,
      mediaIds: [...new Set(input.mediaIds)],
      performerId,
      displayName,
      productionDate: input.productionDate ?? now.toISOString().slice(0, 10),
      inviteExpiresAt: performerId ? null : new Date(now.getTime() + INVITE_DAYS * 86_400_000),
    });
    const items = (await itemsWithMedia(tx, r.mediaIds, r.subjectId)).filter((i) => isProducer(actor, i));
    await holdItems(ctx, tx, items, 'pending', 'co-performer named: waiting for consent');
    await audit(ctx, tx, {
      actorId: actor.id,
      action: 'release.name',
      targetType: 'release',
      targetId: r.id,
      after: { subjectType: r.subjectType, subjectId: r.subjectId, performerId, mediaIds: r.mediaIds },
    });
    return r;
  });
  if (performerId)
    await notify(ctx, performerId, {
      kind: 'moderation',
      title: msg('notify.release.requested', { name: actor.username ?? '' }),
      link: '/creator/releases',
      actorId: actor.id,
      data: { releaseId: row.id },
    }).catch((err) => ctx.log.error({ err }, 'release request notice failed'));
  const [out] = await withPerformers(ctx.db, [row], origin, ctx.config.secretKey, true);
  return out;
}

/** A release the actor may see (producer, named creator, admin); 404 otherwise. */
export async function releaseFor(ctx: Ctx, actor: AuthUser, id: string) {
  const r = await repo.findRelease(ctx.db, id);
  if (!r || !canSeeRelease(actor, r)) throw notFound('Release');
  return r;
}

/** The producer removes a person named by mistake, before they signed. */
export async function deleteRelease(ctx: Ctx, actor: AuthUser, id: string) {
  const r = await releaseFor(ctx, actor, id);
  if (!isProducer(actor, r)) throw forbidden('Only the producer can remove a person');
  if (r.signedAt) throw conflict('This person signed: the release is kept as a record', 'RELEASE_SIGNED');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRelease(tx, id);
    await audit(ctx, tx, { actorId: actor.id, action: 'release.remove', targetType: 'release', targetId: id });
  });
}

/** Tells the producer when a release completes, is refused or withdrawn. */
export async function tellCreator(
  ctx: Ctx,
  r: ReleaseRow,
  what: 'complete' | 'revoked' | 'identity_rejected',
  actorId: string | null = null,
) {
  await notify(ctx, r.creatorId, {
    kind: 'moderation',
    title: msg(`notify.release.${what}`, { name: r.legalName ?? r.displayName, title: r.title || r.subjectType }),
    link: '/creator/releases',
    actorId: actorId ?? undefined,
    data: { releaseId: r.id, subjectType: r.subjectType, subjectId: r.subjectId },
  }).catch((err) => ctx.log.error({ err }, 'release notice failed'));
}

/**
 * Withdrawal of consent for future publication: every item with the release's files is taken out
 * (rejected with the reason "no consent", which the creator sees), audited, the creator told.
 * `actor` is null when the outside person withdraws through their link.
 */
export async function revokeRelease(
  ctx: Ctx,
  r: ReleaseRow,
  actor: { user: AuthUser | null; ip: string | null },
  reason: string,
) {
  if (actor.user && !canRevokeRelease(actor.user, r)) throw notFound('Release');
  if (r.revokedAt) throw conflict('Consent was already withdrawn', 'RELEASE_REVOKED');
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRelease(tx, r.id);
    if (!locked || locked.revokedAt) throw conflict('Consent was already withdrawn', 'RELEASE_REVOKED');
    const after = await repo.updateRelease(tx, r.id, { revokedAt: ctx.now(), revokeReason: reason || null });
    const items = (await itemsWithMedia(tx, r.mediaIds, r.subjectId)).filter((i) => i.creatorId === r.creatorId);
    const hidden = await holdItems(ctx, tx, items, 'rejected', 'consent withdrawn by a person depicted');
    await audit(ctx, tx, {
      actorId: actor.user?.id ?? null,
      ip: actor.ip,
      action: 'release.revoke',
      targetType: 'release',
      targetId: r.id,
      after: { hidden: hidden.map((h) => `${h.objectType}:${h.objectId}`) },
      reason: reason || null,
    });
    // Each hidden item is a restriction of the creator's: a statement of reasons (DSA Art. 17).
    // Automated when the person withdrew themself; an admin acting on their request decided it.
    const admin = actor.user && isAdmin(actor.user) ? actor.user.id : null;
    const decisions = [];
    for (const h of hidden)
      decisions.push(
        await recordDecision(ctx, tx, {
          userId: h.creatorId,
          kind: 'review_rejection',
          targetType: h.objectType,
          targetId: h.objectId,
          title: h.title,
          facts: 'A person depicted in this content withdrew their consent to its publication.',
          ground: 'non_consensual',
          automated: admin === null,
          decidedById: admin,
          data: { releaseId: r.id, reasonCode: 'no_consent', consentWithdrawn: true },
        }),
      );
    return { after, decisions };
  });
  await tellCreator(ctx, row.after, 'revoked', actor.user?.id ?? null);
  await announceDecisions(ctx, row.decisions);
  return row.after;
}

/** Admin decision on an outside person's identity (the built-in provider's ID document + selfie). */
export async function decideIdentity(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  decision: 'verified' | 'rejected',
  note?: string,
) {
  const row = await inAdminTx(ctx, actor, async (txCtx, tx, record) => {
    const r = await repo.lockRelease(tx, id);
    if (!r) throw notFound('Release');
    if (r.performerId) throw badRequest('A creator is verified through their own account', 'RELEASE_PERFORMER');
    if (r.identityStatus === 'none') throw badRequest('No identity documents were sent yet', 'DOCUMENTS_REQUIRED');
    const after = await repo.updateRelease(tx, id, {
      identityStatus: decision,
      identityCheckedAt: txCtx.now(),
      identityCheckedBy: actor.user.id,
      identityNote: note ?? null,
    });
    await record({
      action: `release.identity_${decision}`,
      targetType: 'release',
      targetId: id,
      before: { identityStatus: r.identityStatus },
      after: { identityStatus: decision },
      reason: note ?? null,
    });
    return after;
  });
  if (decision === 'rejected') await tellCreator(ctx, row, 'identity_rejected', actor.user.id);
  else if (releaseStatusOf(row) === 'complete') await tellCreator(ctx, row, 'complete', actor.user.id);
  return row;
}

/**
 * People named for a live stream whose identity waits for an admin: a stream has no review-queue
 * item to show them beside, so the queue lists them on their own.
 */
export async function streamIdentityChecks(ctx: Ctx) {
  const rows = await repo.streamReleasesAwaitingIdentity(ctx.db);
  return {
    data: rows.map(({ release, username }) => ({
      ...presentQueueRelease(release),
      title: release.title,
      creator: { _id: release.creatorId, username },
    })),
  };
}
