import { z } from 'zod';

/** Kinds of uploaded file. Each has its own size limit setting (maxPhotoSizeMb, …). */
export const MEDIA_KINDS = ['photo', 'video', 'audio', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_STATUSES = ['processing', 'ready', 'error'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
/**
 * public: avatars, covers (long public caching); protected: content behind an
 * entitlement check (signed, short-lived, private caching); private: owner and admins only.
 */
export const MEDIA_VISIBILITIES = ['public', 'protected', 'private'] as const;
export type MediaVisibility = (typeof MEDIA_VISIBILITIES)[number];

/**
 * A file as the API presents it. Without access (`unlocked: false`) only the
 * blurred preview and a teaser (if any) are present: never a URL to the media.
 */
export const mediaFileSchema = z.object({
  _id: z.string(),
  type: z.enum(MEDIA_KINDS),
  status: z.enum(MEDIA_STATUSES),
  error: z.string().optional(),
  mimeType: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Seconds. */
  duration: z.number().optional(),
  size: z.number().int(),
  originalName: z.string().optional(),
  url: z.string().optional(),
  thumbnails: z.array(z.string()),
  thumbnail: z.string().optional(),
  blurredUrl: z.string().optional(),
  posterUrl: z.string().optional(),
  hlsUrl: z.string().optional(),
  teaserUrl: z.string().optional(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** Answer of every `…/file/{fileId}/status` endpoint. progress is 0–100. */
export const mediaStatusSchema = z.object({
  _id: z.string(),
  status: z.enum(MEDIA_STATUSES),
  progress: z.number().int().min(0).max(100),
  error: z.string().optional(),
});
export type MediaStatusPayload = z.infer<typeof mediaStatusSchema>;

export const mediaUploadResponseSchema = z.object({ data: z.array(mediaFileSchema) });
