import { publicSettingsSchema, settingsKeysBodySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';

export default async function settingsRoutes(app: App) {
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Every public site setting (spec §3, defaults §9) and UI settings',
        response: { 200: publicSettingsSchema },
      },
    },
    async () => app.ctx.settings.publicSettings(),
  );

  app.post(
    '/settings/keys',
    {
      schema: {
        tags: ['settings'],
        summary: 'The public values of the keys asked for; private or unknown keys are left out',
        body: settingsKeysBodySchema,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (req) => {
      const all = (await app.ctx.settings.publicSettings()) as Record<string, unknown>;
      return Object.fromEntries(req.body.keys.filter((k) => k in all).map((k) => [k, all[k]]));
    },
  );
}
