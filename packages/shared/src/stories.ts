import { z } from 'zod';
import { mediaFileSchema } from './media';

export const STORY_TTL_HOURS = 24;
export const STORY_VISIBILITIES = ['free', 'subscribers'] as const;
export const STORY_UPLOAD_KINDS = ['photo', 'video'] as const;

export const storySchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  text: z.string(),
  backgroundColor: z.string().nullable(),
  visibility: z.enum(STORY_VISIBILITIES),
  /** Null while locked (subscriber-only story, viewer not subscribed). */
  media: mediaFileSchema.nullable(),
  locked: z.boolean(),
  isHighlight: z.boolean(),
  highlightTitle: z.string().nullable(),
  isSeen: z.boolean(),
  isExpired: z.boolean(),
  totalView: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Story = z.infer<typeof storySchema>;

/** The stories bar: one entry per creator with their active stories, unseen first. */
export const storyGroupSchema = z.object({
  performer: z.object({ _id: z.string(), username: z.string(), name: z.string(), avatar: z.string().nullable() }),
  stories: z.array(storySchema),
  hasUnseen: z.boolean(),
});
export type StoryGroup = z.infer<typeof storyGroupSchema>;

const storyFields = {
  mediaId: z.string().uuid().nullish(),
  text: z.string().trim().max(500),
  backgroundColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish(),
  visibility: z.enum(STORY_VISIBILITIES),
  isHighlight: z.boolean(),
  highlightTitle: z.string().trim().max(40).nullish(),
};
export const storyCreateSchema = z.object({
  ...storyFields,
  text: storyFields.text.default(''),
  visibility: storyFields.visibility.default('free'),
  isHighlight: storyFields.isHighlight.default(false),
});
export type StoryCreateInput = z.input<typeof storyCreateSchema>;
/** Only the fields sent change (no defaults: zod applies defaults inside `.partial()`, which wiped them). */
export const storyUpdateSchema = z.object(storyFields).partial();

export const userStoriesQuerySchema = z.object({
  /** One creator's active stories (or highlights with `highlights=true`); without it, the stories bar. */
  performerId: z.string().uuid().optional(),
  highlights: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
