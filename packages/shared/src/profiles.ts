import { z } from 'zod';
import { CONTENT_TYPES, contentItemSchema } from './content';
import { feedSchema } from './feeds';
import { listQuerySchema } from './list';
import { AGE_RANGES, BODY_TYPES, ETHNICITIES, EYE_COLORS, GENDERS, HAIR_COLORS, SEXUAL_ORIENTATIONS } from './options';

const boolFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

/** A creator as a card in lists (search, top, trending, following, bookmarks). */
export const performerCardSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  bio: z.string(),
  country: z.string().nullable(),
  gender: z.string().nullable(),
  verified: z.boolean(),
  isOnline: z.boolean(),
  isLive: z.boolean(),
  isFreeSubscription: z.boolean(),
  monthlyPrice: z.number(),
  followers: z.number().int(),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PerformerCard = z.infer<typeof performerCardSchema>;

/** What a viewer may see of a creator's profile (GET /performers/{id}). */
/** A creator page's content tabs, in their order. */
export const PROFILE_TABS = [
  'posts',
  'stories',
  'photos',
  'videos',
  'reels',
  'galleries',
  'scenes',
  'scenarios',
  'shop',
] as const;
export type ProfileTabKey = (typeof PROFILE_TABS)[number];

export const performerPublicSchema = performerCardSchema.extend({
  welcomeVideo: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  languages: z.array(z.string()),
  age: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.string().nullable(),
  bodyType: z.string().nullable(),
  ethnicity: z.string().nullable(),
  hair: z.string().nullable(),
  eyes: z.string().nullable(),
  sexualOrientation: z.string().nullable(),
  socialLinks: z.record(z.string(), z.string()),
  yearlyPrice: z.number(),
  freeSubscriptionDays: z.number().int(),
  stats: z.object({
    posts: z.number().int(),
    media: z.number().int(),
    likes: z.number().int(),
    followers: z.number().int(),
    /** Null when the creator hides the subscriber count (the owner always sees it). */
    subscribers: z.number().int().nullable(),
  }),
  /** The profile tabs that have something to show (the page shows only these; the owner sees every tab). */
  tabs: z.array(z.enum(PROFILE_TABS)),
  /** About the signed-in viewer; all false for visitors. */
  isOwner: z.boolean(),
  isFollowed: z.boolean(),
  isBookmarked: z.boolean(),
  isSubscribed: z.boolean(),
  subscribedUntil: z.string().nullable(),
  /** Always false in a 200: a blocked viewer gets 403 (code BLOCKED or COUNTRY_BLOCKED) instead of this object. */
  isBlocked: z.boolean(),
});
export type PerformerPublic = z.infer<typeof performerPublicSchema>;

export const PERFORMER_SORTS = ['popular', 'newest', 'active', 'alphabetical', 'relevance'] as const;

/** GET /performers/user/search: text search, a filter for every profile option, sorts (spec §2 list conventions). */
export const performerSearchQuerySchema = listQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(60).default(12),
  sortBy: z.enum(PERFORMER_SORTS).or(z.literal('updatedAt')).default('popular'),
  q: z.string().trim().max(100).optional(),
  gender: z.enum(GENDERS).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter code')
    .transform((v) => v.toUpperCase())
    .optional(),
  age: z.enum(AGE_RANGES).optional(),
  bodyType: z.enum(BODY_TYPES).optional(),
  ethnicity: z.enum(ETHNICITIES).optional(),
  hair: z.enum(HAIR_COLORS).optional(),
  eyes: z.enum(EYE_COLORS).optional(),
  sexualOrientation: z.enum(SEXUAL_ORIENTATIONS).optional(),
  isFreeSubscription: boolFlag,
  isLive: boolFlag,
  verified: boolFlag,
});
export type PerformerSearchQuery = z.infer<typeof performerSearchQuerySchema>;

export const performerListSchema = z.object({ data: z.array(performerCardSchema), total: z.number().int() });

const trendingEntry = { _id: z.string(), score: z.number() };
/**
 * A trending object of a module that registered with reactions (creators, liked too, are not among
 * them): `type` is its objectType, and `item` the object as that module's lists present it.
 */
export const trendingPostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('feed'), ...trendingEntry, item: feedSchema }),
  z.object({ type: z.enum(CONTENT_TYPES), ...trendingEntry, item: contentItemSchema }),
]);
export type TrendingPost = z.infer<typeof trendingPostSchema>;

export const trendingSchema = z.object({
  performers: z.array(performerCardSchema),
  /** Trending objects of modules that registered with reactions (posts, catalogue items…), hottest first. */
  posts: z.array(trendingPostSchema),
  computedAt: z.string(),
});

export const sitemapEntrySchema = z.object({ path: z.string(), updatedAt: z.string() });
export const sitemapListSchema = z.object({ data: z.array(sitemapEntrySchema), total: z.number().int() });

// Follows
export const followerSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
  followedAt: z.string(),
});
export const followStateSchema = z.object({ isFollowed: z.boolean(), followers: z.number().int() });

// Reactions
export const REACTION_ACTIONS = ['like', 'bookmark'] as const;
export const reactionBodySchema = z.object({
  objectType: z.string().trim().min(1).max(40),
  objectId: z.string().uuid('objectId must be an id'),
  action: z.enum(REACTION_ACTIONS),
});
export const reactionStateSchema = z.object({
  objectType: z.string(),
  objectId: z.string(),
  action: z.enum(REACTION_ACTIONS),
  reacted: z.boolean(),
});
