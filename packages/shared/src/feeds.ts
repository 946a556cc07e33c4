import { z } from 'zod';
import { dateInput } from './input';
import { mediaFileSchema } from './media';

/** Who may see a post (business-rules: Access to content). `sale` = pay-per-view. */
export const FEED_VISIBILITIES = ['free', 'subscribers', 'sale'] as const;
export type FeedVisibility = (typeof FEED_VISIBILITIES)[number];
export const FEED_TYPES = ['text', 'photo', 'video', 'audio', 'poll'] as const;
export type FeedType = (typeof FEED_TYPES)[number];
export const FEED_STATUSES = ['scheduled', 'published'] as const;
export const FEED_UPLOAD_KINDS = ['audio', 'photo', 'thumbnail', 'video', 'teaser'] as const;
export type FeedUploadKind = (typeof FEED_UPLOAD_KINDS)[number];
export const FEED_TEXT_MAX = 5000;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;

/** A file of a post in the spec's shape (type feed-photo | feed-video …). URLs only when unlocked. */
export const feedFileSchema = mediaFileSchema.extend({
  type: z.enum(['feed-photo', 'feed-video', 'feed-audio']),
  kind: z.enum(['photo', 'video', 'audio', 'document']),
});
export type FeedFile = z.infer<typeof feedFileSchema>;

export const pollOptionSchema = z.object({
  _id: z.string(),
  description: z.string(),
  /** Present once the viewer has voted or the poll has ended (and always for the owner). */
  totalVote: z.number().int().optional(),
});
export const pollSchema = z.object({
  _id: z.string(),
  question: z.string(),
  endDate: z.string().nullable(),
  isEnded: z.boolean(),
  options: z.array(pollOptionSchema),
  totalVote: z.number().int().optional(),
  /** The option this viewer chose, if any. */
  votedOptionId: z.string().nullable(),
  showResults: z.boolean(),
});
export type Poll = z.infer<typeof pollSchema>;

export const feedPerformerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
});

export const feedSchema = z.object({
  _id: z.string(),
  type: z.enum(FEED_TYPES),
  performerId: z.string(),
  performer: feedPerformerSchema.optional(),
  text: z.string(),
  visibility: z.enum(FEED_VISIBILITIES),
  /** Decimal tokens; 0 unless visibility is sale. */
  price: z.number(),
  isSale: z.boolean(),
  status: z.enum(FEED_STATUSES),
  isPinned: z.boolean(),
  tags: z.array(z.string()),
  mentions: z.array(z.object({ _id: z.string(), username: z.string() })),
  files: z.array(feedFileSchema),
  /** How many files a locked post holds (files[] then carries previews only). */
  fileCount: z.number().int(),
  teaser: feedFileSchema.nullable(),
  thumbnail: feedFileSchema.nullable(),
  poll: pollSchema.nullable(),
  totalLike: z.number().int(),
  totalComment: z.number().int(),
  isLiked: z.boolean(),
  isBookMarked: z.boolean(),
  isSubscribed: z.boolean(),
  isBought: z.boolean(),
  /** True when the viewer may not see the media: only teaser, blurred previews and counts are present. */
  locked: z.boolean(),
  /** Taken down by moderation: shown on the creator's own view (others never see such a post). */
  takenDown: z.boolean().optional(),
  /** The moderator's reason, for the owner and admins only. */
  takedownReason: z.string().nullable().optional(),
  publishedAt: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feed = z.infer<typeof feedSchema>;

const isoDate = dateInput();

const feedFields = {
  text: z.string().trim().max(FEED_TEXT_MAX),
  /** Media ids returned by the upload endpoints, in display order. */
  fileIds: z.array(z.string().uuid()).max(30),
  teaserId: z.string().uuid().nullish(),
  thumbnailId: z.string().uuid().nullish(),
  pollId: z.string().uuid().nullish(),
  visibility: z.enum(FEED_VISIBILITIES),
  /** Decimal tokens, required (> 0, within the site's price limits, minimum/maximumContentPrice) for sale posts. */
  price: z.number().min(0).max(1_000_000),
  /** Publish later: a time in the future. */
  scheduledAt: isoDate.nullish(),
  expiresAt: isoDate.nullish(),
  isPinned: z.boolean(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  /** Usernames of other creators. */
  mentions: z.array(z.string().trim().min(1).max(60)).max(20),
};
export const feedCreateSchema = z.object({
  ...feedFields,
  text: feedFields.text.default(''),
  fileIds: feedFields.fileIds.default([]),
  visibility: feedFields.visibility.default('free'),
  price: feedFields.price.default(0),
  isPinned: feedFields.isPinned.default(false),
  tags: feedFields.tags.default([]),
  mentions: feedFields.mentions.default([]),
});
export type FeedCreateInput = z.input<typeof feedCreateSchema>;
/** Only the fields sent change (no defaults: zod applies defaults inside `.partial()`, which reset them). */
export const feedUpdateSchema = z.object(feedFields).partial();
export type FeedUpdateInput = z.input<typeof feedUpdateSchema>;

export const pollCreateSchema = z.object({
  question: z.string().trim().min(1).max(300),
  options: z.array(z.string().trim().min(1).max(120)).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX),
  endDate: isoDate.nullish(),
});
export type PollCreateInput = z.input<typeof pollCreateSchema>;
export const pollCreatedSchema = z.object({
  _id: z.string(),
  question: z.string(),
  endDate: z.string().nullable(),
  options: z.array(pollOptionSchema),
});

export const performerFeedsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
  status: z.enum(FEED_STATUSES).optional(),
  q: z.string().max(200).optional(),
});

/** The home timeline is cursor-paginated: pass back `nextCursor` to load more. */
export const timelineQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
});
export const timelineResponseSchema = z.object({ data: z.array(feedSchema), nextCursor: z.string().nullable() });
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;

export const creatorFeedsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
  type: z.enum(FEED_TYPES).optional(),
});

export const feedVoteResponseSchema = z.object({ poll: pollSchema });
