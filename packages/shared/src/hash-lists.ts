import { z } from 'zod';
import { listQuerySchema } from './list';

/** Known-abuse hash matching (issue 26 item 5; docs/compliance.md). */
export const hashListKindSchema = z.enum(['pdq', 'md5', 'sha256']);
export type HashListKind = z.infer<typeof hashListKindSchema>;

/** Meta's suggested PDQ match threshold (ThreatExchange pdq/README.md). */
export const PDQ_DEFAULT_THRESHOLD = 31;

export const hashListSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(['pdq', 'md5', 'sha256', 'mixed']),
  source: z.enum(['operator', 'removed']),
  threshold: z.number().int(),
  entryCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HashList = z.infer<typeof hashListSchema>;

export const hashListCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  kind: hashListKindSchema,
  threshold: z.number().int().min(0).max(128).default(PDQ_DEFAULT_THRESHOLD),
  /** The list file's text: one hash per line, or CSV/TSV with the hash in any column (docs/compliance.md). */
  content: z.string().min(1).max(40_000_000),
});
export const hashListUpdateBodySchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  threshold: z.number().int().min(0).max(128).optional(),
});
export const hashListLoadResultSchema = z.object({
  list: hashListSchema,
  added: z.number().int(),
  duplicates: z.number().int(),
  /** Lines with no hash of the list's kind (headers, blank lines excepted). */
  skipped: z.number().int(),
  skippedLines: z.array(z.number().int()),
});

export const hashHitSchema = z.object({
  listId: z.string(),
  listName: z.string(),
  source: z.enum(['operator', 'removed']),
  kind: hashListKindSchema,
  value: z.string(),
  distance: z.number().int(),
  at: z.number().optional(),
});

export const hashMatchSchema = z.object({
  _id: z.string(),
  user: z.object({
    _id: z.string().nullable(),
    username: z.string(),
    email: z.string().nullable(),
    status: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  uploadedAt: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  md5: z.string(),
  pdq: z.array(z.object({ hash: z.string(), quality: z.number().int(), at: z.number().optional() })),
  hits: z.array(hashHitSchema),
  evidenceStored: z.boolean(),
  retainUntil: z.string(),
  reportStatus: z.enum(['draft', 'sent', 'dismissed']),
  ncmecReportId: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type HashMatch = z.infer<typeof hashMatchSchema>;

export const hashMatchDetailSchema = hashMatchSchema.extend({
  /** The CyberTipline report draft, in the element names of NCMEC's reporting API schema. */
  report: z.record(z.string(), z.unknown()),
});

export const hashMatchQuerySchema = listQuerySchema.pick({ page: true, pageSize: true }).extend({
  status: z.enum(['draft', 'sent', 'dismissed']).optional(),
});
export const hashMatchSentBodySchema = z.object({
  ncmecReportId: z.string().trim().min(1).max(60),
});
