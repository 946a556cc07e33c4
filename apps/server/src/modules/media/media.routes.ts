import { MEDIA_KINDS, mediaFileSchema, mediaStatusSchema, mediaUploadResponseSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { isAdmin, userOf } from '../../plugins/auth';
import { serveFile } from './media.files';
import { canSeeFile } from './media.policy';
import { getMedia, mediaStatus, presentMedia, uploadFiles } from './media.service';

const idParams = z.object({ id: z.string().uuid() });

export default async function mediaRoutes(app: App) {
  app.get(
    '/media/file/:id/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A media file through a signed, expiring URL issued by a presenter (Range requests supported)',
        params: z.object({ id: z.string().uuid(), '*': z.string().min(1).max(200) }),
        querystring: z.object({
          exp: z.coerce.number().int().min(0),
          sig: z.string().min(10).max(100),
          v: z.string().uuid().optional(),
        }),
        response: {
          200: z.any().describe('The file bytes'),
          206: z.any().describe('Part of the file (Range)'),
          302: z.any().describe('Redirect to a presigned object-storage URL (S3 mode)'),
        },
      },
    },
    async (req, reply) => serveFile(app.ctx, req, reply, req.params.id, req.params['*'], req.query),
  );

  app.get(
    '/media/:id/status',
    {
      schema: {
        tags: ['media'],
        summary: 'Processing status and progress of one of your files',
        params: idParams,
        response: { 200: mediaStatusSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      return mediaStatus(app.ctx, req.params.id, user.id, { isAdmin: isAdmin(user) });
    },
  );

  app.get(
    '/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'One of your files with its signed URLs',
        params: idParams,
        response: { 200: mediaFileSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const m = await getMedia(app.ctx, req.params.id);
      if (!m || !canSeeFile(user, m)) throw notFound('File');
      return presentMedia(app.ctx, m, { unlocked: true, viewerId: user.id });
    },
  );

  app.post(
    '/media/upload',
    {
      schema: {
        tags: ['media'],
        summary: 'Upload files (multipart, field "file"); attach the returned ids to content',
        description:
          'Streams each file to storage, checks its type by content (415) and size by kind (413). Photos are ready at once; videos and audio are processed in the background (see /media/{id}/status and the media/status realtime event).',
        querystring: z.object({
          kinds: z
            .string()
            .default('photo,video,audio')
            .transform((s) => s.split(',').map((k) => k.trim()))
            .pipe(z.array(z.enum(MEDIA_KINDS)).min(1)),
          teaser: z.enum(['0', '1', 'true', 'false']).optional(),
        }),
        response: { 201: mediaUploadResponseSchema },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const { media } = await uploadFiles(app.ctx, req, {
        ownerId: user.id,
        kinds: req.query.kinds,
        maxFiles: 10,
        teaser: req.query.teaser === '1' || req.query.teaser === 'true',
      });
      return reply
        .code(201)
        .send({ data: media.map((m) => presentMedia(app.ctx, m, { unlocked: true, viewerId: user.id })) });
    },
  );
}
