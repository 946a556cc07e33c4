import {
  identityVerificationSchema,
  idParamsSchema,
  idvCreateBodySchema,
  VERIFICATION_STATUSES,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { refreshVerification, reviewIdentity, startVerification } from './identity.service';

export default async function identityRoutes(app: App) {
  app.post(
    '/auth/yoti/idv-verifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['identity'],
        summary: 'Starts identity verification of a creator with the configured provider (manual review or Yoti IDV)',
        body: idvCreateBodySchema,
        response: { 200: identityVerificationSchema },
      },
    },
    async (req) => startVerification(app.ctx, userOf(req), req.body.performerId),
  );

  app.post(
    '/auth/yoti/idv-verifications/:id/info',
    {
      config: { access: 'user' },
      schema: {
        tags: ['identity'],
        summary: "A verification's current state, refreshed from the provider; a verdict updates the creator",
        params: idParamsSchema,
        response: { 200: identityVerificationSchema },
      },
    },
    async (req) => refreshVerification(app.ctx, userOf(req), req.params.id),
  );

  app.put(
    '/performers/:id/verification',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['identity'],
        summary: "Admin: approve or reject a creator's identity (with a note shown to the creator)",
        params: idParamsSchema,
        body: z.object({ status: z.enum(['verified', 'rejected']), note: z.string().trim().max(1000).optional() }),
        response: { 200: z.object({ verificationStatus: z.enum(VERIFICATION_STATUSES) }) },
      },
    },
    async (req) => reviewIdentity(app.ctx, userOf(req), req.params.id, req.body.status, req.body.note),
  );
}
