import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** CMS pages ("posts" in the spec's API): terms, privacy, 2257, FAQ… Content is sanitized HTML. */
export const cmsPosts = pgTable(
  'cms_posts',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    type: text('type', { enum: ['page', 'post'] })
      .notNull()
      .default('page'),
    shortDescription: text('short_description').notNull().default(''),
    content: text('content').notNull().default(''),
    status: text('status', { enum: ['published', 'draft'] })
      .notNull()
      .default('published'),
    ordering: integer('ordering').notNull().default(0),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_posts_slug_uq').on(t.slug), index('cms_posts_status_ordering_idx').on(t.status, t.ordering)],
);

/** Promotional banners shown in a placement between two dates. */
export const sitePromos = pgTable(
  'site_promos',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    placement: text('placement', { enum: ['home', 'explore', 'profile', 'feed', 'sidebar'] })
      .notNull()
      .default('home'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ordering: integer('ordering').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_promos_placement_idx').on(t.placement, t.status, t.ordering)],
);

export type CmsPostRow = typeof cmsPosts.$inferSelect;
export type SitePromoRow = typeof sitePromos.$inferSelect;
