import { z } from 'zod';
import { REVIEW_REASONS } from './review-reasons';

export { REVIEW_REASONS } from './review-reasons';

/** Review before publication (issue 26 item 1, docs/compliance.md). */

export const REVIEW_MODES = ['auto', 'everything', 'new_or_flagged', 'nothing'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

export const REVIEW_STATE_VALUES = ['pending', 'approved', 'rejected', 'escalated'] as const;
export const reviewStateSchema = z.enum(REVIEW_STATE_VALUES);
export type ReviewStateValue = z.infer<typeof reviewStateSchema>;

/** What goes through the queue: every publishing path. */
export const REVIEW_OBJECT_TYPES = [
  'feed',
  'story',
  'gallery',
  'video',
  'reel',
  'scene',
  'scenario',
  'product',
  'photo',
  'message',
  'mass_message',
  'avatar',
  'cover',
] as const;
export const reviewObjectTypeSchema = z.enum(REVIEW_OBJECT_TYPES);
export type ReviewObjectType = z.infer<typeof reviewObjectTypeSchema>;

export const reviewReasonSchema = z.enum(REVIEW_REASONS);
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

export const reviewMediaSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  url: z.string().nullable(),
  posterUrl: z.string().nullable(),
});

export const reviewDecisionRecordSchema = z.object({
  _id: z.string(),
  objectType: reviewObjectTypeSchema,
  state: reviewStateSchema,
  reasonCode: reviewReasonSchema.nullable(),
  decidedAt: z.string().nullable(),
});

/** A person named in a queued item (or a live stream), as the reviewer sees them beside it. */
export const queueReleaseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(['invited', 'signed', 'complete', 'rejected', 'revoked']),
  identityStatus: z.enum(['none', 'pending', 'verified', 'rejected']),
  identityProvider: z.string().nullable(),
  /** ID document + selfie files an admin can open (built-in provider). */
  documents: z.number(),
  dateOfBirth: z.string().nullable(),
  signedAt: z.string().nullable(),
});

export const reviewQueueItemSchema = z.object({
  _id: z.string(),
  objectType: reviewObjectTypeSchema,
  objectId: z.string(),
  state: reviewStateSchema,
  submittedAt: z.string(),
  /** Seconds since submission. */
  ageSeconds: z.number(),
  title: z.string(),
  text: z.string(),
  price: z.number().nullable(),
  note: z.string().nullable(),
  creator: z.object({
    _id: z.string(),
    username: z.string().nullable(),
    name: z.string(),
    createdAt: z.string(),
    flagged: z.boolean(),
  }),
  media: z.array(reviewMediaSchema),
  /** Everyone named in the item's files (issue 26 item 3): approval waits until each is complete. */
  releases: z.array(queueReleaseSchema),
  /** The creator's last decided items (newest first). */
  history: z.array(reviewDecisionRecordSchema),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueQuerySchema = z.object({
  state: z.enum(['open', 'pending', 'escalated']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const reviewQueueSchema = z.object({
  data: z.array(reviewQueueItemSchema),
  total: z.number(),
  /** Age in seconds of the oldest open item (0 when empty). */
  oldestAgeSeconds: z.number(),
  /** The alert threshold (reviewAlertMinutes) in seconds. */
  alertAfterSeconds: z.number(),
  /** Median time to a decision over the last 7 days, seconds (null without decisions). */
  medianSeconds: z.number().nullable(),
  mode: z.enum(['everything', 'new_or_flagged', 'nothing']),
});

export const reviewDecisionBodySchema = z
  .object({
    action: z.enum(['approve', 'reject', 'escalate']),
    reason: reviewReasonSchema.optional(),
    note: z.string().trim().max(1000).optional(),
  })
  .refine((b) => b.action !== 'reject' || !!b.reason, { message: 'A rejection needs a reason', path: ['reason'] });

export const reviewStatusQuerySchema = z.object({
  type: reviewObjectTypeSchema,
  ids: z
    .string()
    .max(4000)
    .transform((s) => s.split(',').filter(Boolean).slice(0, 100)),
});

export const reviewStatusSchema = z.object({
  /** Per requested id that is the caller's and is not approved (approved/unknown ids are left out). */
  items: z.array(
    z.object({
      objectId: z.string(),
      state: reviewStateSchema,
      reasonCode: reviewReasonSchema.nullable(),
      note: z.string().nullable(),
      decidedAt: z.string().nullable(),
    }),
  ),
  /** Expected wait for a pending item, seconds (median of recent reviews), null when unknown. */
  estimateSeconds: z.number().nullable(),
});
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

export const reviewFlagBodySchema = z.object({ flagged: z.boolean(), reason: z.string().trim().max(500).optional() });
