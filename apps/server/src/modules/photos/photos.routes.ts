import { okSchema, photoListQuerySchema, photoListSchema, photoSchema, photoUpdateSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { requestGeo } from '../../lib/geo';
import { userOf } from '../../plugins/auth';
import { viewerOf } from '../content';
import * as photos from './photos.service';

const tags = ['photos'];
const idParams = z.object({ id: z.string().uuid() });
const own = '/performer/performer-assets/photos';

/** Photos inside galleries (spec §7 Photos). */
export default async function photoRoutes(app: App) {
  app.post(
    `${own}/upload`,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: `Uploads up to ${photos.MAX_PHOTOS_PER_UPLOAD} photos (field "photo", repeated) into one of your galleries (galleryId in the query or a field)`,
        consumes: ['multipart/form-data'],
        querystring: z.object({ galleryId: z.string().uuid().optional() }),
        response: { 200: photoListSchema },
      },
    },
    async (req) => photos.uploadPhotos(app.ctx, userOf(req), req, req.query.galleryId),
  );

  app.get(
    `${own}/search`,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Your photos (of a gallery with galleryId)',
        querystring: photoListQuerySchema,
        response: { 200: photoListSchema },
      },
    },
    async (req) => photos.listOwnPhotos(app.ctx, userOf(req), req.query),
  );

  app.post(
    `${own}/reorder`,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Puts the photos of one of your galleries in the given order',
        body: z.object({ galleryId: z.string().uuid(), ids: z.array(z.string().uuid()).min(1).max(1000) }),
        response: { 200: photoListSchema },
      },
    },
    async (req) => photos.reorderPhotos(app.ctx, userOf(req), req.body.galleryId, req.body.ids),
  );

  app.put(
    `${own}/:id`,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Edits one of your photos (title, description, status, position, gallery)',
        params: idParams,
        body: photoUpdateSchema,
        response: { 200: photoSchema },
      },
    },
    async (req) => photos.updatePhoto(app.ctx, userOf(req), req.params.id, req.body),
  );

  app.delete(
    `${own}/:id`,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Deletes one of your photos and its file',
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (req) => photos.deletePhoto(app.ctx, userOf(req), req.params.id),
  );

  app.post(
    `${own}/set-cover/:id`,
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: "Makes the photo its gallery's cover",
        params: idParams,
        response: { 200: photoSchema },
      },
    },
    async (req) => photos.setCover(app.ctx, userOf(req), req.params.id),
  );

  app.get(
    '/performer-assets/photos',
    {
      schema: {
        tags,
        summary:
          "A gallery's photos (galleryId) or a creator's (performerId); locked photos come blurred, without URLs",
        querystring: photoListQuerySchema,
        response: { 200: photoListSchema },
      },
    },
    async (req) => photos.listPublicPhotos(app.ctx, viewerOf(req), req.query, requestGeo(app.ctx.config, req)),
  );

  app.get(
    '/performer-assets/photos/:performerId',
    {
      schema: {
        tags,
        summary: "A creator's photos across their published galleries (by id or username)",
        params: z.object({ performerId: z.string().min(1).max(100) }),
        querystring: photoListQuerySchema.omit({ performerId: true }),
        response: { 200: photoListSchema },
      },
    },
    async (req) =>
      photos.listPublicPhotos(
        app.ctx,
        viewerOf(req),
        { ...req.query, galleryId: req.query.galleryId, performerId: req.params.performerId },
        requestGeo(app.ctx.config, req),
      ),
  );
}
