import { z } from 'zod';
import { listQuerySchema } from './list';

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'each country must be a 2-letter code')
  .transform((v) => v.toUpperCase());

// Blocks
export const blockUserBodySchema = z.object({
  targetId: z.string().uuid('targetId must be a user id'),
  reason: z.string().trim().max(500).optional(),
});
export const blockedUserSchema = z.object({
  _id: z.string(),
  targetId: z.string(),
  target: z.object({
    _id: z.string(),
    username: z.string().nullable(),
    name: z.string(),
    avatar: z.string().nullable(),
  }),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const blockedUsersQuerySchema = listQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export const blockCountriesBodySchema = z.object({ countryCodes: z.array(countryCode).max(250) });
export const blockedCountriesSchema = z.object({ countryCodes: z.array(z.string()) });
export const countryCheckQuerySchema = z.object({ performerId: z.string().min(1).max(100).optional() });
export const geoCheckSchema = z.object({
  blocked: z.boolean(),
  countryCode: z.string().nullable(),
  stateCode: z.string().nullable().optional(),
});

// Reports
export const REPORT_TARGETS = [
  'performer',
  'feed',
  'video',
  'gallery',
  'photo',
  'product',
  'reel',
  'story',
  'scene',
  'scenario',
  'comment',
  'message',
  'stream',
] as const;
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'impersonation',
  'underage',
  'non_consensual',
  'violence',
  'copyright',
  'illegal',
  'other',
] as const;
export const reportBodySchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string().uuid('targetId must be an id'),
  reason: z.enum(REPORT_REASONS),
  description: z.string().trim().max(2000).default(''),
});
export const reportSchema = z.object({
  _id: z.string(),
  reporterId: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  creatorId: z.string().nullable(),
  reason: z.string(),
  description: z.string(),
  status: z.enum(['open', 'dismissed', 'resolved']),
  resolutionNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const reportSearchQuerySchema = listQuerySchema.extend({
  status: z.enum(['open', 'dismissed', 'resolved']).optional(),
  targetType: z.enum(REPORT_TARGETS).optional(),
});
export const reportResolveBodySchema = z.object({
  status: z.enum(['dismissed', 'resolved']),
  note: z.string().trim().max(2000).optional(),
});
