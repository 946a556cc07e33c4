import { z } from 'zod';

/** How long an export's signed download link works. */
export const DATA_EXPORT_TTL_DAYS = 7;

export const dataExportSchema = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'running', 'ready', 'failed']),
  progress: z.number().int(),
  size: z.number().int().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Signed, valid until expiresAt; null until ready or once expired. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const eraseAccountBodySchema = z.object({
  password: z.string().min(1, 'Enter your password').max(200),
});

export const adminPrivacyBodySchema = z.object({
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
});

export const eraseResultSchema = z.object({
  success: z.boolean(),
  /** Stored files deleted (media, profile images, identity documents, exports). */
  filesDeleted: z.number().int(),
});
