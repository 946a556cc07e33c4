import {
  commentCreateSchema,
  commentSchema,
  commentsQuerySchema,
  commentUpdateSchema,
  idParamsSchema,
  listResponseSchema,
  okSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { badRequest } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import type { Viewer } from '../entitlements';
import { uploadFiles } from '../media';
import { notifyMentions } from './comments.mentions';
import { presentComments } from './comments.presenter';
import { assertCommentAuthor, createComment, editComment, listObjectComments, removeComment } from './comments.service';

const viewerOf = (u: { id: string; role: Viewer['role'] } | null): Viewer | null =>
  u ? { id: u.id, role: u.role } : null;

export default async function commentsRoutes(app: App) {
  const tags = ['comments'];

  app.post(
    '/comments',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Comment on a post (or other content), or reply to a top-level comment',
        body: commentCreateSchema,
        response: { 200: commentSchema },
      },
    },
    async (req) => {
      const viewer = viewerOf(userOf(req))!;
      const row = await createComment(app.ctx, viewer, req.body, req.ip);
      await notifyMentions(app.ctx, row).catch((err) => req.log.error({ err }, 'mention notifications failed'));
      return (await presentComments(app.ctx, viewer, [row]))[0];
    },
  );

  app.get(
    '/comments',
    {
      schema: {
        tags,
        summary: 'Comments of an object (top level, or the replies of parentId)',
        querystring: commentsQuerySchema,
        response: { 200: listResponseSchema(commentSchema) },
      },
    },
    async (req) => {
      const viewer = viewerOf(req.user);
      const { data, total } = await listObjectComments(app.ctx, viewer, req.query, req.ip);
      return { data: await presentComments(app.ctx, viewer, data), total };
    },
  );

  app.put(
    '/comments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Edit my comment: JSON { text, removeMedia }, or or multipart with a picture in "file" (and an optional text field)',
        params: idParamsSchema,
        // A multipart request has no parsed body (null): its fields come with the file.
        body: commentUpdateSchema.nullish(),
        response: { 200: commentSchema },
      },
    },
    async (req) => {
      const viewer = viewerOf(userOf(req))!;
      let input = req.body ?? {};
      let mediaId: string | null | undefined;
      if (req.isMultipart()) {
        await assertCommentAuthor(app.ctx, viewer, req.params.id); // before storing anyone's upload
        const { media, fields } = await uploadFilesOptional(app, req, viewer.id);
        const parsed = commentUpdateSchema.safeParse(fields);
        if (!parsed.success)
          throw badRequest(`Invalid value for ${parsed.error.issues[0].path.join('.')}`, 'VALIDATION_ERROR');
        input = parsed.data;
        if (media) mediaId = media;
      }
      if (mediaId === undefined && input.removeMedia) mediaId = null;
      const row = await editComment(app.ctx, viewer, req.params.id, { text: input.text, mediaId });
      return (await presentComments(app.ctx, viewer, [row]))[0];
    },
  );

  app.delete(
    '/comments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a comment (author, the content creator, or an admin); its replies go too',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await removeComment(app.ctx, viewerOf(userOf(req))!, req.params.id);
      return { success: true };
    },
  );
}

/** A multipart edit carries a picture in "file" (text-only edits are sent as JSON). */
async function uploadFilesOptional(app: App, req: Parameters<typeof uploadFiles>[1], ownerId: string) {
  const { media, fields } = await uploadFiles(app.ctx, req, {
    ownerId,
    kinds: ['photo'],
    maxFiles: 1,
    fieldNames: ['file'],
  });
  return { media: media[0]?.id ?? null, fields };
}
