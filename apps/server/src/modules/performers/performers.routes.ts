import {
  bankingSettingsBodySchema,
  documentUploadResponseSchema,
  idParamsSchema,
  mediaFileSchema,
  paymentGatewaySettingsBodySchema,
  performerProfileSchema,
  updatePerformerBodySchema,
  uploadResponseSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { requestMeta } from '../auth';
import { profileMediaUrl } from '../users';
import {
  getPerformerProfile,
  openDocument,
  setBankingSettings,
  setPaymentGatewaySettings,
  updatePerformer,
  uploadDocuments,
  uploadProfileImage,
  uploadWelcomeVideo,
} from './performers.service';

const multipart = { consumes: ['multipart/form-data'] };

export default async function performersRoutes(app: App) {
  app.get(
    '/performers/me',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['performers'],
        summary: "The signed-in creator's whole profile (for editing)",
        response: { 200: performerProfileSchema },
      },
    },
    async (req) => getPerformerProfile(app.ctx, userOf(req), userOf(req).id),
  );

  app.put(
    '/performers/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['performers'],
        summary:
          'Updates a creator profile (the creator itself or an admin); prices in decimal tokens within the site limits',
        params: idParamsSchema,
        body: updatePerformerBodySchema,
        response: { 200: performerProfileSchema },
      },
    },
    async (req) => updatePerformer(app.ctx, userOf(req), req.params.id, req.body, requestMeta(app, req)),
  );

  app.put(
    '/performers/:id/banking-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['performers'],
        summary: 'Bank transfer details for payouts (the creator itself or an admin)',
        params: idParamsSchema,
        body: bankingSettingsBodySchema,
        response: { 200: performerProfileSchema },
      },
    },
    async (req) => setBankingSettings(app.ctx, userOf(req), req.params.id, req.body),
  );

  app.put(
    '/performers/:id/payment-gateway-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['performers'],
        summary: 'Payout gateway details (PayPal email) for the creator itself or an admin',
        params: idParamsSchema,
        body: paymentGatewaySettingsBodySchema,
        response: { 200: performerProfileSchema },
      },
    },
    async (req) => setPaymentGatewaySettings(app.ctx, userOf(req), req.params.id, req.body),
  );

  for (const [path, kind, summary] of [
    ['/performers/avatar/upload', 'avatars', "Uploads the creator's avatar (field file)"],
    ['/performers/cover/upload', 'covers', "Uploads the creator's cover image (field file)"],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'performer' },
        schema: { tags: ['performers'], summary, ...multipart, response: { 200: uploadResponseSchema } },
      },
      async (req) => {
        const key = await uploadProfileImage(app.ctx, userOf(req).id, kind, req);
        return { success: true as const, url: profileMediaUrl(key)! };
      },
    );
  }

  app.post(
    '/performers/welcome-video/upload',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['performers'],
        summary: 'Uploads the welcome video shown on the profile (field file)',
        ...multipart,
        response: { 200: uploadResponseSchema.extend({ media: mediaFileSchema }) },
      },
    },
    async (req) => {
      const { key, media } = await uploadWelcomeVideo(app.ctx, userOf(req), req);
      return { success: true as const, url: profileMediaUrl(key)!, media };
    },
  );

  app.post(
    '/performers/documents/upload',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['performers'],
        summary:
          'Uploads identity documents (fields idFront, idBack, selfie or documents; images or PDF); private to the creator and admins',
        ...multipart,
        response: { 200: documentUploadResponseSchema },
      },
    },
    async (req) => {
      const profile = await uploadDocuments(app.ctx, userOf(req), req);
      return {
        success: true as const,
        documents: profile.documents,
        verificationStatus: profile.verificationStatus ?? 'pending',
      };
    },
  );

  app.get(
    '/performers/documents/:id/file',
    {
      config: { access: 'user' },
      schema: {
        tags: ['performers'],
        summary: 'An identity document file: only its owner and admins',
        params: idParamsSchema,
      },
    },
    async (req, reply) => {
      const { doc, stream } = await openDocument(app.ctx, userOf(req), req.params.id);
      reply.header('content-type', doc.mimeType);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `inline; filename="${doc.originalName.replace(/[^\w.-]/g, '_')}"`);
      return reply.send(stream);
    },
  );
}
