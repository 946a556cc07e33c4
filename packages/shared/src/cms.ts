import { z } from 'zod';
import { listQuerySchema } from './list';

/** A CMS page ("post" in the API): content is sanitized HTML. */
export const cmsPostSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(['page', 'post']),
  shortDescription: z.string(),
  content: z.string(),
  status: z.enum(['published', 'draft']),
  ordering: z.number().int(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CmsPost = z.infer<typeof cmsPostSchema>;
export const cmsPostSearchQuerySchema = listQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  type: z.enum(['page', 'post']).optional(),
  sortBy: z.enum(['ordering', 'title', 'updatedAt', 'createdAt']).default('ordering'),
  sort: z.enum(['asc', 'desc']).default('asc'),
});
const cmsPostFields = {
  slug: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'slug may contain lowercase letters, digits and dashes'),
  title: z.string().trim().min(1, 'title is required').max(200),
  type: z.enum(['page', 'post']),
  shortDescription: z.string().trim().max(500),
  content: z.string().max(500_000),
  status: z.enum(['published', 'draft']),
  ordering: z.number().int(),
  metaTitle: z.string().trim().max(200).nullable(),
  metaDescription: z.string().trim().max(500).nullable(),
};
export const cmsPostBodySchema = z.object({
  ...cmsPostFields,
  type: cmsPostFields.type.default('page'),
  shortDescription: cmsPostFields.shortDescription.default(''),
  content: cmsPostFields.content.default(''),
  status: cmsPostFields.status.default('published'),
  ordering: cmsPostFields.ordering.default(0),
  metaTitle: cmsPostFields.metaTitle.optional(),
  metaDescription: cmsPostFields.metaDescription.optional(),
});
/** PUT: only the fields sent change (no defaults). */
export const cmsPostPatchSchema = z.object(cmsPostFields).partial();

export const PROMO_PLACEMENTS = ['home', 'explore', 'profile', 'feed', 'sidebar'] as const;
export type PromoPlacement = (typeof PROMO_PLACEMENTS)[number];
export const sitePromoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  placement: z.string(),
  ordering: z.number().int(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});
export type SitePromo = z.infer<typeof sitePromoSchema>;
export const sitePromoSearchQuerySchema = listQuerySchema.extend({
  placement: z.enum(PROMO_PLACEMENTS).optional(),
  sortBy: z.enum(['ordering', 'createdAt']).default('ordering'),
  sort: z.enum(['asc', 'desc']).default('asc'),
});
