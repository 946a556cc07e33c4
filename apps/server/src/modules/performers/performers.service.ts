import fsp from 'node:fs/promises';
import {
  AGE_RANGES,
  type BankingSettingsBody,
  BODY_TYPES,
  BUST_SIZES,
  BUTT_SIZES,
  ETHNICITIES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  HEIGHTS,
  SEXUAL_ORIENTATIONS,
  toCents,
  type UpdatePerformerBody,
  WEIGHTS,
} from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { storageFor } from '../../lib/storage';
import { type AuthUser, assertIdentityFree, invalidateUserSessions, type RequestMeta } from '../auth';
import { maskedProfileSettings, saveBankDetails, savePaypalEmail } from '../payouts';
import { gateNewItem, pendingProfileImage, submitForReview } from '../review';
import {
  deleteProfileMedia,
  findUserById,
  type ReceivedFile,
  receiveFiles,
  requestEmailChange,
  storeProfileImage,
  storeWelcomeVideo,
  updateUser,
} from '../users';
import { assertAdult } from './age';
import { canManagePerformer, canReadDocument } from './performers.policy';
import { presentPerformerProfile } from './performers.presenter';
import { findDocument, findPerformer, insertDocument, listDocuments, updatePerformerRow } from './performers.repo';

const MB = 1024 * 1024;

/** Who may change a creator's profile: the creator itself, or an admin. */
export function assertCanManagePerformer(actor: AuthUser, performerId: string) {
  if (canManagePerformer(actor, performerId)) return;
  throw forbidden(msg('error.performers.ownProfileOnly'));
}

async function loadPerformer(ctx: Ctx, id: string) {
  const user = await findUserById(ctx.db, id);
  if (user?.role !== 'performer') throw notFound('Creator');
  const performer = await findPerformer(ctx.db, id);
  if (!performer) throw notFound('Creator');
  return { user, performer };
}

export async function getPerformerProfile(ctx: Ctx, actor: AuthUser, id: string) {
  assertCanManagePerformer(actor, id);
  const { user, performer } = await loadPerformer(ctx, id);
  const [docs, payout] = await Promise.all([listDocuments(ctx.db, id), maskedProfileSettings(ctx, id)]);
  return presentPerformerProfile(user, performer, docs, payout);
}

const OPTION_LISTS: Partial<Record<keyof UpdatePerformerBody, readonly string[]>> = {
  gender: GENDERS,
  sexualOrientation: SEXUAL_ORIENTATIONS,
  age: AGE_RANGES,
  bodyType: BODY_TYPES,
  ethnicity: ETHNICITIES,
  breastSize: BUST_SIZES,
  buttSize: BUTT_SIZES,
  hair: HAIR_COLORS,
  eyes: EYE_COLORS,
  height: HEIGHTS.map((h) => h.value),
  weight: WEIGHTS.map((w) => w.value),
};

/** Updates a creator's account and profile; prices within the site limits, free offer only when the site allows it. */
export async function updatePerformer(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  body: UpdatePerformerBody,
  meta: RequestMeta,
) {
  assertCanManagePerformer(actor, id);
  const { user } = await loadPerformer(ctx, id);
  for (const [field, list] of Object.entries(OPTION_LISTS)) {
    const value = body[field as keyof UpdatePerformerBody];
    if (typeof value === 'string' && value !== '' && !list!.includes(value)) {
      throw badRequest(
        `${field} must be one of: ${list!.slice(0, 12).join(', ')}${list!.length > 12 ? ', …' : ''}`,
        'INVALID_OPTION',
        [{ field: `body.${field}`, message: 'is not one of the options' }],
      );
    }
  }
  if (body.dateOfBirth) assertAdult(body.dateOfBirth, ctx.now());
  const s = await ctx.settings.all();
  for (const field of ['monthlyPrice', 'yearlyPrice'] as const) {
    const v = body[field];
    if (v === undefined) continue;
    if (v < s.minimumSubscriptionPrice || v > s.maximumSubscriptionPrice) {
      throw badRequest(
        `${field === 'monthlyPrice' ? 'Monthly' : 'Yearly'} price must be between ${s.minimumSubscriptionPrice.toFixed(2)} and ${s.maximumSubscriptionPrice.toFixed(2)}`,
        'PRICE_OUT_OF_RANGE',
        [{ field: `body.${field}`, message: 'is outside the site limits' }],
      );
    }
  }
  if (body.freeSubscriptionEnabled && !s.freeSubscriptionEnabled) {
    throw badRequest(msg('error.subscriptions.freeDisabled'), 'FREE_SUBSCRIPTION_DISABLED');
  }
  if (body.freeSubscriptionDays !== undefined && body.freeSubscriptionDays > s.freeSubscriptionDuration) {
    throw badRequest(
      `A free subscription can last at most ${s.freeSubscriptionDuration} day(s) on this site`,
      'FREE_DURATION_TOO_LONG',
    );
  }
  await assertIdentityFree(ctx, { username: body.username }, id);

  const { name, username, email, currentPassword, monthlyPrice, yearlyPrice, country, ...profile } = body;
  // A new email waits for its confirmation link, as from PUT /users (users/email-change.ts).
  if (email !== undefined) await requestEmailChange(ctx, actor, user, { email, currentPassword }, meta);
  const userChanges: Partial<UserRow> = {};
  if (name !== undefined) userChanges.name = name;
  if (username !== undefined) userChanges.username = username;
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(userChanges).length) await updateUser(tx, id, userChanges);
    if (userChanges.username !== undefined) await invalidateUserSessions(ctx.bus, id, tx);
    await updatePerformerRow(tx, id, {
      ...profile,
      ...(country !== undefined ? { country: country ? country.toUpperCase() : null } : {}),
      ...(monthlyPrice !== undefined ? { monthlyPrice: toCents(monthlyPrice) } : {}),
      ...(yearlyPrice !== undefined ? { yearlyPrice: toCents(yearlyPrice) } : {}),
      ...(body.socialLinks
        ? {
            socialLinks: Object.fromEntries(Object.entries(body.socialLinks).filter(([, v]) => v)) as Record<
              string,
              string
            >,
          }
        : {}),
    });
  });
  return getPerformerProfile(ctx, actor, id);
}

export async function setBankingSettings(ctx: Ctx, actor: AuthUser, id: string, body: BankingSettingsBody) {
  assertCanManagePerformer(actor, id);
  await loadPerformer(ctx, id);
  await saveBankDetails(ctx, actor, id, body);
  return getPerformerProfile(ctx, actor, id);
}

export async function setPaymentGatewaySettings(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  body: { key: 'paypal'; value: { email: string } },
) {
  assertCanManagePerformer(actor, id);
  await loadPerformer(ctx, id);
  await savePaypalEmail(ctx, actor, id, body.value.email);
  return getPerformerProfile(ctx, actor, id);
}

/** Avatar and cover of any account (fans too); the old file is removed after the new one is in place. */
export async function uploadProfileImage(ctx: Ctx, userId: string, kind: 'avatars' | 'covers', req: FastifyRequest) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  const key = await storeProfileImage(ctx, userId, kind, req);
  // A creator's new avatar or cover waits for review: the current one stays until a reviewer approves.
  if (user.role === 'performer') {
    const objectType = kind === 'avatars' ? 'avatar' : 'cover';
    const gate = await gateNewItem(ctx, { objectType, creatorId: userId });
    if (gate.reviewState === 'pending') {
      const replaced = await ctx.db.transaction(async (tx) => {
        const before = await pendingProfileImage(tx, objectType, userId);
        await submitForReview(ctx, tx, { objectType, objectId: userId, creatorId: userId, payload: { key } });
        return before;
      });
      if (replaced) await deleteProfileMedia(ctx, replaced);
      return key;
    }
  }
  await updateUser(ctx.db, userId, kind === 'avatars' ? { avatarPath: key } : { coverPath: key });
  await deleteProfileMedia(ctx, kind === 'avatars' ? user.avatarPath : user.coverPath);
  return key;
}

export async function uploadWelcomeVideo(ctx: Ctx, actor: AuthUser, req: FastifyRequest) {
  const { performer } = await loadPerformer(ctx, actor.id);
  const { key, media } = await storeWelcomeVideo(ctx, actor.id, req);
  await updatePerformerRow(ctx.db, actor.id, { welcomeVideoPath: key });
  await deleteProfileMedia(ctx, performer.welcomeVideoPath);
  return { key, media };
}

const DOC_KINDS: Record<string, 'id_front' | 'id_back' | 'selfie' | 'other'> = {
  idFront: 'id_front',
  id_front: 'id_front',
  idBack: 'id_back',
  id_back: 'id_back',
  selfie: 'selfie',
  idSelfie: 'selfie',
  document: 'other',
  documents: 'other',
  file: 'other',
  files: 'other',
};

/** Receives identity documents from a multipart request (images or PDF), to temporary files. */
export async function receiveDocuments(ctx: Ctx, req: FastifyRequest) {
  const maxBytes = (await ctx.settings.get('maxDocumentSizeMb')) * MB;
  return receiveFiles(ctx, req, { kinds: ['document'], maxBytes, maxFiles: 5 });
}

/**
 * Stores identity documents privately (DATA_DIR/media/private/identity or the
 * private prefix of the bucket) and puts the creator's verification into review.
 */
export async function storeDocuments(
  ctx: Ctx,
  userId: string,
  files: Omit<ReceivedFile, 'fields'>[],
  tx: Executor = ctx.db,
) {
  const storage = storageFor(ctx.config);
  const stored = [];
  try {
    for (const f of files) {
      const id = newId();
      const key = `private/identity/${userId}/${id}.${f.sniffed.ext}`;
      await storage.putFile(key, f.tmpFile, f.sniffed.mime);
      stored.push(
        await insertDocument(tx, {
          userId,
          kind: DOC_KINDS[f.field] ?? 'other',
          storagePath: key,
          originalName: f.originalName,
          mimeType: f.sniffed.mime,
          size: f.size,
        }),
      );
    }
  } finally {
    for (const f of files) await fsp.rm(f.tmpFile, { force: true }).catch(() => {});
  }
  const performer = await findPerformer(tx, userId);
  if (performer && performer.verificationStatus !== 'verified') {
    await updatePerformerRow(tx, userId, { verificationStatus: 'pending' });
  }
  return stored;
}

export async function uploadDocuments(ctx: Ctx, actor: AuthUser, req: FastifyRequest) {
  const targetId = actor.id;
  await loadPerformer(ctx, targetId);
  const { files } = await receiveDocuments(ctx, req);
  if (files.length === 0) throw badRequest(msg('error.noFile'), 'NO_FILE');
  await storeDocuments(ctx, targetId, files);
  return getPerformerProfile(ctx, actor, targetId);
}

/** A document's bytes: only for the creator who uploaded it and for admins. */
export async function openDocument(ctx: Ctx, actor: AuthUser, id: string) {
  const doc = await findDocument(ctx.db, id);
  // Someone else's document is "not found", not "forbidden": its existence is private too.
  if (!doc || !canReadDocument(actor, doc)) throw notFound('Document');
  const stream = await storageFor(ctx.config).read(doc.storagePath);
  return { doc, stream };
}

/** Repo functions other modules may call (through this module's index.ts). */
export { findPerformer, listDocuments, updatePerformerRow } from './performers.repo';
