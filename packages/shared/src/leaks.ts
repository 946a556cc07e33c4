import { z } from 'zod';
import { listQuerySchema } from './list';

/** Leak to takedown (issue 26 item 7): trace a leaked copy to the account it was served to. */
export const leakOriginalsQuerySchema = z.object({ link: z.string().trim().url('give the full link of the original') });
export const leakOriginalSchema = z.object({
  mediaId: z.string(),
  name: z.string(),
  duration: z.number().nullable(),
});

export const leakTraceBodySchema = z.object({
  originalMediaId: z.string().uuid('choose the original video'),
  leakedMediaId: z.string().uuid('upload the leaked copy first'),
});
const personSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  status: z.string(),
});
export const leakTraceSchema = z.object({
  segmentsRead: z.number().int(),
  /** The copy's A/B sequence, '?' where a segment could not be read. */
  sequence: z.string(),
  match: z
    .object({
      viewerId: z.string(),
      username: z.string().nullable(),
      name: z.string(),
      status: z.string(),
      mismatches: z.number().int(),
    })
    .nullable(),
});

export const leakCaseBodySchema = leakTraceBodySchema.extend({
  foundAtUrl: z.string().trim().url('give the full address where the copy was found').max(2000),
  originalUrl: z.string().trim().url('give the full link of the original').max(2000),
  suspend: z.boolean().default(true),
});
export const leakCaseSchema = z.object({
  _id: z.string(),
  mediaId: z.string(),
  foundAtUrl: z.string(),
  originalUrl: z.string(),
  creator: personSchema.nullable(),
  viewer: personSchema.nullable(),
  segmentsRead: z.number().int(),
  mismatches: z.number().int().nullable(),
  viewerSuspended: z.boolean(),
  createdAt: z.string(),
});
export const leakCaseQuerySchema = listQuerySchema;
