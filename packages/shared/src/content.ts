import { z } from 'zod';
import { dateInput } from './input';
import { listQuerySchema } from './list';
import { mediaFileSchema } from './media';

/**
 * The creator catalogue: one "sellable content" shape shared by galleries,
 * videos, reels, scenes, scenarios and products (photos live inside galleries).
 */
export const CONTENT_TYPES = ['gallery', 'video', 'reel', 'scene', 'scenario', 'product'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_VISIBILITIES = ['free', 'subscribers', 'sale'] as const;
export type ContentVisibility = (typeof CONTENT_VISIBILITIES)[number];
export const CONTENT_STATUSES = ['draft', 'active', 'inactive'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const PRODUCT_TYPES = ['physical', 'digital'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Price limits of one item, in cents (decimal tokens in the API): 0.50 to 10,000 tokens. */
export const CONTENT_PRICE_LIMITS = { min: 50, max: 1_000_000 } as const;
/** Rental period a creator may set, in days. */
export const RENT_DAYS_LIMITS = { min: 1, max: 365 } as const;
export const CONTENT_SORT_FIELDS = ['updatedAt', 'createdAt', 'publishedAt', 'price', 'views', 'title'] as const;

/** Multipart fields arrive as strings: accept 'true'/'1'/'on' and real booleans alike. */
const booleanish = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'yes'].includes(v.toLowerCase()) : v),
  z.boolean(),
);
/** Tags as an array, a JSON array string or a comma-separated string; trimmed, lower-cased, unique. */
const tagsField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (v.trim().startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return v.split(',');
  },
  z
    .array(z.string().trim().toLowerCase().max(40))
    .max(30)
    .transform((a) => [...new Set(a.filter(Boolean))]),
);
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim().startsWith('[') ? JSON.parse(v) : v.split(',').filter(Boolean)) : v),
  z.array(z.string().uuid()).max(30),
);
const optionalId = z.preprocess((v) => (v === '' ? null : v), z.string().uuid().nullable().optional());
const money = z.coerce
  .number()
  .min(0)
  .max(CONTENT_PRICE_LIMITS.max / 100);

/**
 * Fields every type shares when a creator creates or edits an item. Media are
 * referenced by id (uploaded through the type's upload route or attached in the
 * same multipart request).
 */
export const contentWriteSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().max(5000).optional(),
  tags: tagsField.optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  /** free, subscribers or sale; isSale=true is a shorthand for sale. */
  visibility: z.enum(CONTENT_VISIBILITIES).optional(),
  isSale: booleanish.optional(),
  /** Decimal tokens. Required (> 0) when for sale. */
  price: money.optional(),
  publishedAt: dateInput().nullable().optional(),
  // media slots (which ones a type uses is in its definition)
  videoId: optionalId,
  teaserId: optionalId,
  thumbnailId: optionalId,
  fileId: optionalId,
  imageIds: idList.optional(),
  // video
  participantIds: idList.optional(),
  // scene, scenario
  rentPrice: money.nullable().optional(),
  rentDays: z.coerce.number().int().min(RENT_DAYS_LIMITS.min).max(RENT_DAYS_LIMITS.max).nullable().optional(),
  categoryId: optionalId,
  // product
  productType: z.enum(PRODUCT_TYPES).optional(),
  stock: z.coerce.number().int().min(0).max(1_000_000).nullable().optional(),
  shippingFee: money.nullable().optional(),
});
export type ContentWrite = z.infer<typeof contentWriteSchema>;
export const contentCreateSchema = contentWriteSchema;
export const contentUpdateSchema = contentWriteSchema.partial();
export type ContentUpdate = z.infer<typeof contentUpdateSchema>;

export const contentListQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(CONTENT_SORT_FIELDS).default('updatedAt'),
  performerId: z.string().max(100).optional(),
  tag: z.string().max(40).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  visibility: z.enum(CONTENT_VISIBILITIES).optional(),
  isSale: booleanish.optional(),
  categoryId: z.string().uuid().optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
});
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

export const contentPerformerSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});

/** An item as the API presents it. Without access, media carry previews only (no url). */
export const contentItemSchema = z.object({
  _id: z.string(),
  type: z.enum(CONTENT_TYPES),
  performerId: z.string(),
  performer: contentPerformerSchema.optional(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  status: z.enum(CONTENT_STATUSES),
  /** Set when an admin took the item down (hidden from everyone but admins until restored; the creator can't undo it). */
  takenDown: z.boolean().optional(),
  takedownReason: z.string().nullable().optional(),
  visibility: z.enum(CONTENT_VISIBILITIES),
  isSale: z.boolean(),
  /** Decimal tokens; 0 when not for sale. */
  price: z.number(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: z.object({
    views: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    bookmarks: z.number().int(),
    purchases: z.number().int(),
  }),
  /** The viewer may see the media. */
  unlocked: z.boolean(),
  isBought: z.boolean(),
  isSubscribed: z.boolean(),
  /** For a running rent: when access ends. */
  accessExpiresAt: z.string().nullable(),
  thumbnail: mediaFileSchema.nullable(),
  teaser: mediaFileSchema.nullable(),
  video: mediaFileSchema.nullable(),
  /** Digital product file: metadata only; buyers download through the download link. */
  file: mediaFileSchema.nullable(),
  images: z.array(mediaFileSchema),
  // gallery
  numPhotos: z.number().int().optional(),
  /** The photo whose image is the gallery's thumbnail. */
  coverPhotoId: z.string().nullable().optional(),
  // video
  duration: z.number().nullable().optional(),
  participantIds: z.array(z.string()).optional(),
  // scene, scenario
  rentPrice: z.number().nullable().optional(),
  rentDays: z.number().int().nullable().optional(),
  categoryId: z.string().nullable().optional(),
  category: z.object({ _id: z.string(), name: z.string(), slug: z.string() }).nullable().optional(),
  // product
  productType: z.enum(PRODUCT_TYPES).optional(),
  stock: z.number().int().nullable().optional(),
  shippingFee: z.number().nullable().optional(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;
export const contentListSchema = z.object({ data: z.array(contentItemSchema), total: z.number().int() });

export const removeFileBodySchema = z.object({ type: z.enum(['video', 'teaser', 'thumbnail', 'file']) });

// Photos (inside galleries)
export const photoSchema = z.object({
  _id: z.string(),
  galleryId: z.string(),
  performerId: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  status: z.enum(['active', 'inactive']),
  isCover: z.boolean(),
  unlocked: z.boolean(),
  photo: mediaFileSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;
export const photoListSchema = z.object({ data: z.array(photoSchema), total: z.number().int() });
export const photoListQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['position', 'createdAt', 'updatedAt']).default('position'),
  sort: z.enum(['asc', 'desc']).default('asc'),
  galleryId: z.string().uuid().optional(),
  performerId: z.string().max(100).optional(),
});
export const photoUpdateSchema = z.object({
  title: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  position: z.coerce.number().int().min(0).max(100_000).optional(),
  galleryId: z.string().uuid().optional(),
});

// Scene and scenario categories
export const contentCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  position: z.number().int(),
});
export const contentCategoryListSchema = z.object({ data: z.array(contentCategorySchema), total: z.number().int() });

export const contentSitemapEntrySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  updatedAt: z.string(),
});
export const contentSitemapSchema = z.object({ data: z.array(contentSitemapEntrySchema), total: z.number().int() });

export const downloadLinkSchema = z.object({ downloadLink: z.string(), expiresAt: z.string() });
