import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { takedownColumns } from './moderation';
import { reviewColumns } from './review';
import { users } from './users';

/**
 * The creator catalogue's one "sellable content" table: galleries, videos,
 * reels, scenes, scenarios and products share a row shape (visibility, price,
 * status, publish date, tags, counts, media slots). The few columns one type
 * needs are nullable here rather than in seven copies of the core.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey(),
    type: text('type', { enum: ['gallery', 'video', 'reel', 'scene', 'scenario', 'product'] }).notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['draft', 'active', 'inactive'] })
      .notNull()
      .default('active'),
    visibility: text('visibility', { enum: ['free', 'subscribers', 'sale'] })
      .notNull()
      .default('subscribers'),
    /** Cents; 0 unless for sale. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // media slots (ids of media rows)
    videoId: uuid('video_id'),
    teaserId: uuid('teaser_id'),
    thumbnailId: uuid('thumbnail_id'),
    fileId: uuid('file_id'),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    // counts
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    bookmarks: integer('bookmarks').notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    // gallery
    coverPhotoId: uuid('cover_photo_id'),
    numPhotos: integer('num_photos').notNull().default(0),
    // video
    participantIds: jsonb('participant_ids').$type<string[]>().notNull().default([]),
    // scene, scenario
    rentPriceCents: bigint('rent_price_cents', { mode: 'number' }),
    rentDays: integer('rent_days'),
    categoryId: uuid('category_id'),
    // product
    productType: text('product_type', { enum: ['physical', 'digital'] }),
    stock: integer('stock'),
    shippingFeeCents: bigint('shipping_fee_cents', { mode: 'number' }),
    ...takedownColumns(),
    ...reviewColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_type_slug_uq').on(t.type, t.slug),
    // creator studio and profile tabs: one creator's items of one type, by each sort
    index('content_items_creator_updated_idx').on(t.creatorId, t.type, t.updatedAt),
    index('content_items_creator_published_idx').on(t.creatorId, t.type, t.publishedAt),
    // public catalogue across creators, by each sort
    index('content_items_type_updated_idx').on(t.type, t.status, t.updatedAt),
    index('content_items_type_created_idx').on(t.type, t.status, t.createdAt),
    index('content_items_type_published_idx').on(t.type, t.status, t.publishedAt),
    index('content_items_type_price_idx').on(t.type, t.status, t.priceCents),
    index('content_items_type_views_idx').on(t.type, t.status, t.views),
    index('content_items_type_title_idx').on(t.type, t.status, t.title),
    index('content_items_type_category_idx').on(t.type, t.categoryId),
    index('content_items_tags_idx').using('gin', t.tags),
    index('content_items_search_idx').using('gin', sql`to_tsvector('simple', ${t.title} || ' ' || ${t.description})`),
  ],
);

/** A photo inside a gallery; its access follows the gallery's. */
export const contentPhotos = pgTable(
  'content_photos',
  {
    id: uuid('id').primaryKey(),
    galleryId: uuid('gallery_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...takedownColumns(),
    ...reviewColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_photos_gallery_idx').on(t.galleryId, t.position),
    index('content_photos_creator_idx').on(t.creatorId, t.createdAt),
  ],
);

/** Categories of scenes and scenarios (GET /scenario/category/search). */
export const contentCategories = pgTable(
  'content_categories',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_categories_slug_uq').on(t.slug),
    index('content_categories_position_idx').on(t.position),
  ],
);

export type ContentItemRow = typeof contentItems.$inferSelect;
export type NewContentItemRow = typeof contentItems.$inferInsert;
export type ContentPhotoRow = typeof contentPhotos.$inferSelect;
export type ContentCategoryRow = typeof contentCategories.$inferSelect;
