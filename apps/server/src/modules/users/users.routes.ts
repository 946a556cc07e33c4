import {
  emailChangeTokenBodySchema,
  idParamsSchema,
  listResponseSchema,
  meSchema,
  messageResponseSchema,
  publicUserSchema,
  updateUserBodySchema,
  uploadResponseSchema,
  userSearchQuerySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { badRequest, notFound } from '../../lib/errors';
import { storageFor } from '../../lib/storage';
import { userOf } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import { requestMeta } from '../auth';
import { getMedia, presentMedia } from '../media';
import { uploadProfileImage } from '../performers';
import { confirmEmailChange, undoEmailChange } from './email-change';
import { contentTypeOf, profileMediaUrl } from './profile-media';
import { findUsers, getMe, updateMe, viewUser } from './users.service';

const multipartDoc = { consumes: ['multipart/form-data'] };

export default async function usersRoutes(app: App) {
  app.get(
    '/users/me',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], summary: 'The current user (spec §3)', response: { 200: meSchema } },
    },
    async (req) => getMe(app.ctx, userOf(req)),
  );

  app.put(
    '/users',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          "Updates the current user's name or username; a new email (with currentPassword) waits as pendingEmail for the link mailed to it",
        body: updateUserBodySchema,
        response: { 200: meSchema },
      },
    },
    async (req) => updateMe(app.ctx, userOf(req), req.body, requestMeta(app, req)),
  );

  app.post(
    '/users/email-change/confirm',
    {
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags: ['users'],
        summary: 'Confirms a new email with the token of the link mailed to it (single use, 48 hours)',
        body: emailChangeTokenBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => confirmEmailChange(app.ctx, req.body.token),
  );

  app.post(
    '/users/email-change/undo',
    {
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags: ['users'],
        summary:
          'Undoes an email change with the token of the link mailed to the old address (7 days): restores it and signs out every session',
        body: emailChangeTokenBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => undoEmailChange(app.ctx, req.body.token),
  );

  for (const [path, kind, summary] of [
    ['/users/avatar/upload', 'avatars', 'Uploads the avatar (field file; JPEG, PNG, WebP…; cropped to 512×512)'],
    ['/users/cover/upload', 'covers', 'Uploads the cover image (field file; resized to 1600×600)'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'user' },
        schema: { tags: ['users'], summary, ...multipartDoc, response: { 200: uploadResponseSchema } },
      },
      async (req) => {
        const key = await uploadProfileImage(app.ctx, userOf(req).id, kind, req);
        return { success: true as const, url: profileMediaUrl(key)! };
      },
    );
  }

  app.get(
    '/users/search',
    {
      schema: {
        tags: ['users'],
        summary: 'Searches accounts by username or name; email only for admins',
        querystring: userSearchQuerySchema,
        response: { 200: listResponseSchema(publicUserSchema) },
      },
    },
    async (req) => findUsers(app.ctx, req.user, req.query),
  );

  app.get(
    '/users/view/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One account by id or username, with the fields the viewer may see',
        params: idParamsSchema,
        response: { 200: publicUserSchema },
      },
    },
    async (req) => viewUser(app.ctx, req.user, req.params.id),
  );

  app.get(
    '/profile-media/media/:id',
    {
      schema: {
        tags: ['users'],
        summary: "A creator's public welcome video (or its poster): redirects to the file once processed",
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ variant: z.enum(['video', 'poster']).default('video') }),
      },
    },
    async (req, reply) => {
      const media = await getMedia(app.ctx, req.params.id);
      if (media?.visibility !== 'public') throw notFound('Video');
      if (media.status !== 'ready') throw notFound(media.status === 'error' ? 'Video' : 'Processed video');
      const presented = presentMedia(app.ctx, media, { unlocked: true });
      const target = req.query.variant === 'poster' ? presented.posterUrl : presented.url;
      if (!target) throw notFound('File');
      reply.header('cache-control', 'public, max-age=300');
      return reply.redirect(target, 302);
    },
  );

  app.get(
    '/profile-media/profile/:kind/:file',
    {
      schema: {
        tags: ['users'],
        summary: 'Public profile media: avatars, covers and welcome videos',
        params: z.object({
          kind: z.enum(['avatars', 'covers', 'videos']),
          file: z.string().regex(/^[\w-]+\.\w{2,5}$/),
        }),
      },
    },
    async (req, reply) => {
      const key = `profile/${req.params.kind}/${req.params.file}`;
      const storage = storageFor(app.ctx.config);
      const stat = await storage.stat(key);
      if (!stat) throw notFound('File');
      const range = req.headers.range?.match(/^bytes=(\d*)-(\d*)$/);
      reply.header('content-type', contentTypeOf(key));
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('accept-ranges', 'bytes');
      if (range && (range[1] || range[2])) {
        const start = range[1] ? Number(range[1]) : Math.max(0, stat.size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
        if (start > end || start >= stat.size) throw badRequest('Range not satisfiable', 'BAD_RANGE');
        reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${stat.size}`)
          .header('content-length', end - start + 1);
        return reply.send(await storage.read(key, { start, end }));
      }
      reply.header('content-length', stat.size);
      return reply.send(await storage.read(key));
    },
  );
}
