import { z } from 'zod';
import { queueReleaseSchema } from './review';

/**
 * Consent of everyone depicted (issue 26 item 3) and §2257 records (item 4), docs/compliance.md.
 * A release names one person depicted in a creator's files: an existing verified creator who
 * confirms in the app, or an outside person invited by a signed, expiring link who signs a model
 * release and verifies their age and identity.
 */
export const RELEASE_STATUSES = ['invited', 'signed', 'complete', 'rejected', 'revoked'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const IDENTITY_STATES = ['none', 'pending', 'verified', 'rejected'] as const;
export const ID_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'other'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const releaseSchema = z.object({
  _id: z.string(),
  creatorId: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  title: z.string(),
  mediaIds: z.array(z.string()),
  /** The name the creator gave; the legal name once signed (creator and admins only). */
  displayName: z.string(),
  performer: z.object({ _id: z.string(), username: z.string().nullable() }).nullable(),
  status: z.enum(RELEASE_STATUSES),
  identityStatus: z.enum(IDENTITY_STATES),
  identityProvider: z.string().nullable(),
  productionDate: z.string(),
  signedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The invite link for an outside person (creator only, until signed). */
  inviteUrl: z.string().nullable(),
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseCreateSchema = z
  .object({
    subjectType: z.string().trim().min(1).max(40),
    subjectId: z.string().uuid(),
    title: z.string().trim().max(200).default(''),
    /** The files the person appears in (the item's media). */
    mediaIds: z.array(z.string().uuid()).max(200).default([]),
    /** An existing verified creator (username or id), or… */
    performer: z.string().trim().min(1).max(100).optional(),
    /** …an outside person, invited by link. */
    name: z.string().trim().min(2).max(120).optional(),
    productionDate: isoDate.optional(),
  })
  .refine((b) => !!b.performer !== !!b.name, {
    message: 'give either an existing creator or the name of a person to invite',
    path: ['name'],
  });

export const releaseListQuerySchema = z.object({
  subjectId: z.string().uuid().optional(),
  mediaIds: z
    .string()
    .max(8000)
    .transform((s) => s.split(',').filter(Boolean).slice(0, 200))
    .optional(),
});
export const releaseListSchema = z.object({ data: z.array(releaseSchema) });

/** What the invited person sees on the invite page. */
export const releaseInviteSchema = z.object({
  _id: z.string(),
  creatorName: z.string(),
  creatorUsername: z.string().nullable(),
  title: z.string(),
  name: z.string(),
  productionDate: z.string(),
  status: z.enum(RELEASE_STATUSES),
  identityStatus: z.enum(IDENTITY_STATES),
  provider: z.enum(['manual', 'yoti']),
  /** The release text the person signs. */
  terms: z.string(),
  expiresAt: z.string(),
  /** Yoti: the page to open to verify (when a session was started). */
  verifyUrl: z.string().nullable(),
});
export type ReleaseInvite = z.infer<typeof releaseInviteSchema>;

export const releaseSignSchema = z.object({
  legalName: z.string().trim().min(2, 'type your full legal name').max(200),
  aliases: z.string().trim().max(500).default(''),
  dateOfBirth: isoDate,
  signedDate: isoDate,
  idDocumentType: z.enum(ID_DOCUMENT_TYPES),
  idDocumentNumber: z.string().trim().min(3, 'the number on your ID document').max(60),
  agree: z.literal(true, { message: 'tick the box to consent' }),
});
export type ReleaseSign = z.infer<typeof releaseSignSchema>;

export const releaseIdentityDecisionSchema = z.object({
  decision: z.enum(['verified', 'rejected']),
  note: z.string().trim().max(1000).optional(),
});

export const releaseRevokeSchema = z.object({ reason: z.string().trim().max(1000).default('') });

/** §2257 records export (admin): a date range of publication or one creator. */
export const records2257QuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    creatorId: z.string().uuid().optional(),
  })
  .refine((q) => !!q.creatorId || (!!q.from && !!q.to), {
    message: 'give a date range (from and to) or a creator',
    path: ['from'],
  });

export const custodianSchema = z.object({
  siteName: z.string(),
  custodianName: z.string(),
  custodianAddress: z.string(),
  custodianEmail: z.string(),
});

/**
 * People named for a creator's next live stream whose ID document and selfie wait for an admin
 * (a stream has no review-queue item to show them beside): Admin → Review queue.
 */
export const streamIdentityCheckSchema = queueReleaseSchema.extend({
  title: z.string(),
  creator: z.object({ _id: z.string(), username: z.string().nullable() }),
});
export const streamIdentityCheckListSchema = z.object({ data: z.array(streamIdentityCheckSchema) });
