import { z } from 'zod';
import { mediaFileSchema } from './media';

export const COMMENT_TEXT_MAX = 2000;

export const commentSchema = z.object({
  _id: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  parentId: z.string().nullable(),
  text: z.string(),
  media: mediaFileSchema.nullable(),
  creator: z.object({ _id: z.string(), username: z.string(), name: z.string(), avatar: z.string().nullable() }),
  totalReply: z.number().int(),
  /** The viewer may edit (author) / delete (author or the content's creator). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentCreateSchema = z.object({
  objectType: z.string().min(1).max(40),
  objectId: z.string().uuid(),
  text: z.string().trim().min(1).max(COMMENT_TEXT_MAX),
  /** Reply to a top-level comment (one level of replies). */
  parentId: z.string().uuid().nullish(),
});
export type CommentCreateInput = z.input<typeof commentCreateSchema>;

export const commentUpdateSchema = z.object({
  text: z.string().trim().min(1).max(COMMENT_TEXT_MAX).optional(),
  removeMedia: z.coerce.boolean().optional(),
});

export const commentsQuerySchema = z.object({
  objectType: z.string().min(1).max(40),
  objectId: z.string().uuid(),
  /** Replies of one comment; without it, top-level comments. */
  parentId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
