import fsp from 'node:fs/promises';
import { type ReleaseInvite, type ReleaseSign, releaseSignSchema } from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { ReleaseRow } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { storageFor } from '../../lib/storage';
import { audit } from '../audit';
import type { AuthUser } from '../auth';
import { providerByName, providerFor } from '../identity';
import { assertAdult, findCreatorByIdOrUsername, findPerformer } from '../performers';
import { releaseStatusOf } from '../review';
import { receiveFiles } from '../users';
import * as repo from './releases.repo';
import { tellCreator } from './releases.service';
import { readInviteToken } from './releases.token';

/**
 * The outside person's side (issue 26 item 3): the invite link opens the release, which they sign
 * (typed legal name, date, a tick; IP, browser and time recorded with the SHA-256 of each file),
 * then they verify their age and identity: an ID document and a selfie an admin reviews (the
 * built-in provider, as for creators) or Yoti when the site uses it. An existing creator signs
 * the same release from their account; their creator verification is their identity check.
 */

export const RELEASE_TERMS =
  'I confirm that I am at least 18 years old, that I appear in the content named here, and that I consent to its recording and to its publication by the producer on this site. I give this release freely. I may withdraw my consent for future publication at any time through this link; content already sold stays available to its buyers only as the site terms say. My identity document is kept as the producer’s record under 18 U.S.C. §2257.';

const invalid = () => new AppError(404, 'This invite link is not valid', 'RELEASE_INVITE_INVALID');

/** The release a link names; `forSigning` also requires the link to be unexpired. */
export async function releaseFromToken(ctx: Ctx, token: string, forSigning = false): Promise<ReleaseRow> {
  const t = readInviteToken(ctx.config.secretKey, token);
  if (!t) throw invalid();
  const r = await repo.findRelease(ctx.db, t.id);
  if (!r || r.performerId || !r.inviteExpiresAt || Math.floor(r.inviteExpiresAt.getTime() / 1000) !== t.exp)
    throw invalid();
  if (forSigning && !r.signedAt && r.inviteExpiresAt.getTime() < ctx.now().getTime())
    throw new AppError(410, 'This invite link has expired: ask the creator for a new one', 'LINK_EXPIRED');
  return r;
}

export async function inviteInfo(ctx: Ctx, r: ReleaseRow): Promise<ReleaseInvite> {
  const creator = await findCreatorByIdOrUsername(ctx.db, r.creatorId);
  return {
    _id: r.id,
    creatorName: creator?.displayName || creator?.username || '',
    creatorUsername: creator?.username ?? null,
    title: r.title,
    name: r.legalName ?? r.displayName,
    productionDate: r.productionDate,
    status: releaseStatusOf(r),
    identityStatus: r.identityStatus,
    provider:
      r.identityProvider === 'yoti' || (!r.identityProvider && providerFor(ctx).name === 'yoti') ? 'yoti' : 'manual',
    terms: RELEASE_TERMS,
    expiresAt: r.inviteExpiresAt?.toISOString() ?? '',
    verifyUrl: null,
  };
}

const masked = (n: string) => `${'*'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;

/** Signs the release (outside person through the link, or the named creator from their account). */
export async function signRelease(
  ctx: Ctx,
  r: ReleaseRow,
  raw: ReleaseSign,
  meta: { ip: string | null; userAgent: string | null; user: AuthUser | null },
) {
  const input = releaseSignSchema.parse(raw);
  if (r.revokedAt) throw conflict('Consent was withdrawn for this release', 'RELEASE_REVOKED');
  if (r.signedAt) throw conflict('This release is already signed', 'RELEASE_SIGNED');
  assertAdult(input.dateOfBirth, ctx.now(), { required: true });
  const viaAccount = !!r.performerId;
  if (viaAccount && (await findPerformer(ctx.db, r.performerId!))?.verificationStatus !== 'verified')
    throw badRequest('Verify your creator account first', 'CREATOR_NOT_VERIFIED');
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRelease(tx, r.id);
    if (locked?.signedAt) throw conflict('This release is already signed', 'RELEASE_SIGNED');
    const after = await repo.updateRelease(tx, r.id, {
      legalName: input.legalName,
      aliases: input.aliases,
      dateOfBirth: input.dateOfBirth,
      signedDate: input.signedDate,
      signedAt: ctx.now(),
      signedIp: meta.ip,
      signedUserAgent: meta.userAgent?.slice(0, 500) ?? null,
      contentHashes: await repo.sha256Of(tx, r.mediaIds),
      idDocumentType: input.idDocumentType,
      idDocumentNumber: masked(input.idDocumentNumber),
      ...(viaAccount
        ? { identityStatus: 'verified' as const, identityProvider: 'creator', identityCheckedAt: ctx.now() }
        : {}),
    });
    await audit(ctx, tx, {
      actorId: meta.user?.id ?? null,
      ip: meta.ip,
      action: 'release.sign',
      targetType: 'release',
      targetId: r.id,
      after: { signedDate: input.signedDate, contentHashes: after.contentHashes },
    });
    return after;
  });
  if (releaseStatusOf(row) === 'complete') await tellCreator(ctx, row, 'complete', meta.user?.id ?? null);
  return row;
}

/** The built-in provider: an ID document and a selfie, kept private, reviewed by an admin. */
export async function receiveIdentityDocuments(ctx: Ctx, r: ReleaseRow, req: FastifyRequest) {
  if (!r.signedAt) throw badRequest('Sign the release first', 'RELEASE_NOT_SIGNED');
  if (r.revokedAt) throw conflict('Consent was withdrawn for this release', 'RELEASE_REVOKED');
  if (r.identityStatus === 'verified') throw badRequest('Your identity is already verified', 'ALREADY_VERIFIED');
  const maxBytes = (await ctx.settings.get('maxDocumentSizeMb')) * 1024 * 1024;
  const { files } = await receiveFiles(ctx, req, { kinds: ['document'], maxBytes, maxFiles: 3 });
  const storage = storageFor(ctx.config);
  const keys: string[] = [];
  try {
    if (!files.some((f) => f.field === 'idDocument') || !files.some((f) => f.field === 'selfie'))
      throw badRequest('Send a photo of your ID document and a selfie', 'DOCUMENTS_REQUIRED');
    for (const f of files) {
      const key = `private/releases/${r.id}/${f.field === 'selfie' ? 'selfie' : 'id'}-${newId()}.${f.sniffed.ext}`;
      await storage.putFile(key, f.tmpFile, f.sniffed.mime);
      keys.push(key);
    }
  } finally {
    for (const f of files) await fsp.rm(f.tmpFile, { force: true }).catch(() => {});
  }
  return repo.updateRelease(ctx.db, r.id, {
    identityStatus: 'pending',
    identityProvider: 'manual',
    idDocumentKeys: keys,
    identityNote: null,
  });
}

/** Yoti (when the site uses it): opens an IDV session for the person; its page is where they verify. */
export async function startYoti(ctx: Ctx, r: ReleaseRow) {
  if (!r.signedAt) throw badRequest('Sign the release first', 'RELEASE_NOT_SIGNED');
  const provider = providerFor(ctx);
  if (provider.name !== 'yoti') throw badRequest('This site verifies identities by document', 'YOTI_NOT_CONFIGURED');
  const session = await provider.create(ctx, r.id);
  await repo.updateRelease(ctx.db, r.id, {
    identityStatus: 'pending',
    identityProvider: 'yoti',
    identityExternalId: session.externalId,
  });
  return session.url;
}

/** Asks Yoti for its verdict on the person's session and records it. */
export async function refreshYoti(ctx: Ctx, r: ReleaseRow) {
  if (r.identityProvider !== 'yoti' || r.identityStatus !== 'pending') return r;
  const outcome = await providerByName('yoti').check(ctx, r.identityExternalId);
  if (outcome.status === 'pending') return r;
  const row = await repo.updateRelease(ctx.db, r.id, {
    identityStatus: outcome.status === 'verified' ? 'verified' : 'rejected',
    identityCheckedAt: ctx.now(),
    identityNote: outcome.status === 'expired' ? 'Yoti session expired' : null,
  });
  if (releaseStatusOf(row) === 'complete') await tellCreator(ctx, row, 'complete');
  if (row.identityStatus === 'rejected') await tellCreator(ctx, row, 'identity_rejected');
  return row;
}
