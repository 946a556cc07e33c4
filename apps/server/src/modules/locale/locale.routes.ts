import { setLocaleBodySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { setLocale } from './locale.service';

export default async function localeRoutes(app: App) {
  app.put(
    '/users/me/locale',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Sets the interface language of my account',
        body: setLocaleBodySchema,
        response: { 200: z.object({ locale: z.string() }) },
      },
    },
    async (req) => setLocale(app.ctx, userOf(req).id, req.body.locale),
  );
}
