import {
  contentCreateSchema,
  contentItemSchema,
  contentListQuerySchema,
  contentListSchema,
  contentUpdateSchema,
  type MediaKind,
  mediaStatusSchema,
  mediaUploadResponseSchema,
  okSchema,
  removeFileBodySchema,
} from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { requestGeo } from '../../lib/geo';
import { msg } from '../../lib/i18n';
import { userOf } from '../../plugins/auth';
import type { Viewer } from '../entitlements';
import { mediaStatus, presentMedia, uploadFiles } from '../media';
import type { ContentKind, MediaSlot } from './content.kinds';
import { registerKind } from './content.registrations';
import * as content from './content.service';

/** Where one type's routes live; the spec gives each type its own paths, the handlers are shared. */
export interface KindRoutes {
  kind: ContentKind;
  tag: string;
  own: {
    search: string;
    /** POST: JSON, or multipart with the type's files in fields named after their slots. */
    create: string;
    /** GET one for its creator (spec: `{id}/view` or `/{id}`). */
    view: string[];
    update: string;
    remove: string;
    removeFile?: string;
    /** POST one file into a slot, answering the media (scenes, scenarios). */
    uploads?: Partial<Record<MediaSlot, string>>;
  };
  public: { search?: string; get?: string; fileStatus?: string };
  /** Media owned through child rows (a gallery's photos), deleted with the item. */
  childMedia?: (ctx: Ctx, id: string) => Promise<string[]>;
}

const idParams = z.object({ id: z.string().uuid() });
const idOrSlugParams = z.object({ id: z.string().min(1).max(200) });
export const viewerOf = (req: FastifyRequest): Viewer | null =>
  req.user ? { id: req.user.id, role: req.user.role } : null;
const multipartNote = ' Send JSON, or multipart/form-data with text fields and the files.';

/** Multipart fields named after slots become the matching `<slot>Id`; every `image` is appended to imageIds. */
export function multipartToBody(kind: ContentKind) {
  const slots = Object.keys(kind.slots) as MediaSlot[];
  const fieldNames = [...slots, ...(kind.images ? ['image'] : [])];
  const kinds = [
    ...new Set(
      Object.values(kind.slots)
        .flat()
        .concat(kind.images ? ['photo'] : []),
    ),
  ] as MediaKind[];
  return async (ctx: Ctx, req: FastifyRequest) => {
    if (!req.isMultipart()) return;
    const actor = userOf(req);
    const { media, fields } = await uploadFiles(ctx, req, {
      ownerId: actor.id,
      kinds,
      fieldNames,
      maxFiles: kind.images ? 12 : slots.length,
      teaser: Boolean(kind.slots.teaser),
    });
    const body: Record<string, unknown> = { ...fields };
    const images: string[] = fields.imageIds ? fields.imageIds.split(',').filter(Boolean) : [];
    const names = fileFields.get(req) ?? [];
    media.forEach((m, i) => {
      const field = names[i];
      if (field === 'image') images.push(m.id);
      else if (field) body[`${field}Id`] = m.id;
    });
    if (images.length) body.imageIds = images;
    req.body = body;
  };
}

/**
 * uploadFiles returns rows in upload order without their field names; the
 * names are recorded in the same order as parts arrive (trackFileFields).
 */
const fileFields = new WeakMap<FastifyRequest, string[]>();

export function registerKindRoutes(app: App, r: KindRoutes) {
  const { kind, tag } = r;
  const tags = [tag];
  registerKind(app.ctx, kind);
  const toBody = multipartToBody(kind);

  app.get(
    r.own.search,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: `Creator studio: your ${tag}, any status`,
        querystring: contentListQuerySchema,
        response: { 200: contentListSchema },
      },
    },
    async (req) => content.listOwn(app.ctx, kind, userOf(req), req.query),
  );

  app.post(
    r.own.create,
    {
      preValidation: async (req) => {
        if (req.isMultipart()) {
          trackFileFields(req);
          await toBody(app.ctx, req);
        }
      },
      config: { access: 'performer' },
      schema: {
        tags,
        summary: `Creates a ${kind.label.toLowerCase()}.${multipartNote}`,
        body: contentCreateSchema,
        response: { 200: contentItemSchema },
      },
    },
    async (req) => content.createItem(app.ctx, kind, userOf(req), req.body),
  );

  for (const path of r.own.view) {
    app.get(
      path,
      {
        config: { access: 'performer' },
        schema: {
          tags,
          summary: `Creator studio: one of your ${tag} with every field`,
          params: idParams,
          response: { 200: contentItemSchema },
        },
      },
      async (req) => content.getOwnItem(app.ctx, kind, userOf(req), req.params.id),
    );
  }

  app.put(
    r.own.update,
    {
      preValidation: async (req) => {
        if (req.isMultipart()) {
          trackFileFields(req);
          await toBody(app.ctx, req);
        }
      },
      config: { access: 'performer' },
      schema: {
        tags,
        summary: `Updates one of your ${tag} (price, visibility, status, publish date, files).${multipartNote}`,
        params: idParams,
        body: contentUpdateSchema,
        response: { 200: contentItemSchema },
      },
    },
    async (req) => content.updateItem(app.ctx, kind, userOf(req), req.params.id, req.body),
  );

  app.delete(
    r.own.remove,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: `Deletes one of your ${tag} and its files`,
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const actor = userOf(req);
      const extra = r.childMedia ? await r.childMedia(app.ctx, req.params.id) : [];
      return content.deleteItem(app.ctx, kind, actor, req.params.id, extra);
    },
  );

  if (r.own.removeFile) {
    app.delete(
      r.own.removeFile,
      {
        config: { access: 'performer' },
        schema: {
          tags,
          summary: `Removes one file (video, teaser, thumbnail or file) from one of your ${tag}; type in the body or query`,
          params: idParams,
          querystring: z.object({ type: removeFileBodySchema.shape.type.optional() }),
          body: removeFileBodySchema.partial().optional().nullable(),
          response: { 200: contentItemSchema },
        },
      },
      async (req) => {
        const slot = req.body?.type ?? req.query.type;
        if (!slot) throw badRequest(msg('error.content.typeRequired'), 'TYPE_REQUIRED');
        return content.removeFile(app.ctx, kind, userOf(req), req.params.id, slot);
      },
    );
  }

  for (const [slot, path] of Object.entries(r.own.uploads ?? {}) as Array<[MediaSlot, string]>) {
    const kinds = [...(kind.slots[slot] ?? [])];
    app.post(
      path,
      {
        config: { access: 'performer' },
        schema: {
          tags,
          summary: `Uploads a ${slot} file (multipart field "file" or "${slot}") to attach with ${slot}Id`,
          consumes: ['multipart/form-data'],
          response: { 200: mediaUploadResponseSchema },
        },
      },
      async (req) => {
        const actor = userOf(req);
        const { media } = await uploadFiles(app.ctx, req, {
          ownerId: actor.id,
          kinds,
          fieldNames: ['file', slot],
          maxFiles: 1,
          teaser: slot === 'video' && Boolean(kind.slots.teaser),
        });
        return { data: media.map((m) => presentMedia(app.ctx, m, { unlocked: true, viewerId: actor.id })) };
      },
    );
  }

  if (r.public.search) {
    app.get(
      r.public.search,
      {
        schema: {
          tags,
          summary: `Published ${tag} (a creator's with performerId); locked items carry previews only`,
          querystring: contentListQuerySchema,
          response: { 200: contentListSchema },
        },
      },
      async (req) => content.listPublic(app.ctx, kind, viewerOf(req), req.query, requestGeo(app.ctx.config, req)),
    );
  }

  if (r.public.get) {
    app.get(
      r.public.get,
      {
        schema: {
          tags,
          summary: `One published ${kind.label.toLowerCase()} by id or slug; counts a view`,
          params: idOrSlugParams,
          response: { 200: contentItemSchema },
        },
      },
      async (req) => content.getPublic(app.ctx, kind, viewerOf(req), req.params.id, requestGeo(app.ctx.config, req)),
    );
  }

  if (r.public.fileStatus) {
    app.get(
      r.public.fileStatus,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `Processing status of one file of a ${kind.label.toLowerCase()} (its creator and admins)`,
          params: z.object({ id: z.string().uuid(), fileId: z.string().uuid() }),
          response: { 200: mediaStatusSchema },
        },
      },
      async (req) => {
        const item = await content.getOwnItem(app.ctx, kind, userOf(req), req.params.id);
        const files = [
          item.video?._id,
          item.teaser?._id,
          item.thumbnail?._id,
          item.file?._id,
          ...item.images.map((i) => i._id),
        ];
        if (!files.includes(req.params.fileId)) throw notFound('File');
        return mediaStatus(app.ctx, req.params.fileId, item.performerId, {});
      },
    );
  }
}

/** Records the field name of each file part in arrival order (uploadFiles keeps that order). */
function trackFileFields(req: FastifyRequest) {
  const names: string[] = [];
  fileFields.set(req, names);
  const original = req.parts.bind(req);
  req.parts = ((...args: Parameters<typeof req.parts>) => {
    const it = original(...args);
    return (async function* () {
      for await (const part of it) {
        if (part.type === 'file') names.push(part.fieldname);
        yield part;
      }
    })();
  }) as typeof req.parts;
}
