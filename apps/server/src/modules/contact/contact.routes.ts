import { z } from 'zod';
import type { App } from '../../app-type';
import { createContactMessage, verifyRecaptcha } from './contact.service';

const contactBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  email: z.string().trim().email('email must be a valid address').max(200),
  message: z.string().trim().min(1, 'message is required').max(5000),
});

export default async function contactRoutes(app: App) {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Contact form: stored and mailed to the site admin',
        body: contactBody,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (req) => {
      await createContactMessage(app.ctx, { ...req.body, userId: req.user?.id ?? null, ip: req.ip });
      return { success: true as const };
    },
  );

  app.post(
    '/re-captcha/verify',
    {
      schema: {
        tags: ['contact'],
        summary: "Verifies a reCAPTCHA token with Google's API when a secret is configured",
        body: z.object({ token: z.string().min(1).max(4000) }),
        response: { 200: z.object({ success: z.boolean(), enabled: z.boolean(), message: z.string().optional() }) },
      },
    },
    async (req) => verifyRecaptcha(app.ctx, req.body.token, req.ip),
  );
}
