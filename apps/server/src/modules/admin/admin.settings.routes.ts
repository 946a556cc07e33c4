import { type AdminSettings, adminSettingsBodySchema, adminSettingsSchema } from '@marquee/shared';
import type { App } from '../../app-type';
import type { Ctx } from '../../context';
import { isSecretName } from '../settings';
import { adminActor, inAdminTx } from './admin.common';

const tags = ['admin'];

async function currentSettings(ctx: Ctx): Promise<AdminSettings> {
  const values = { ...(await ctx.settings.all()) };
  const c = await ctx.settings.effectiveConfig();
  return {
    values,
    secrets: await ctx.settings.secretStates(),
    environment: {
      smtpConfigured: ctx.mail.smtpEnabled,
      storageDriver: c.S3_BUCKET ? 's3' : 'local',
      stripeConfigured: Boolean(c.STRIPE_SECRET_KEY),
      agoraConfigured: Boolean(c.AGORA_APP_ID && c.AGORA_APP_CERTIFICATE),
      recaptchaConfigured: Boolean(c.RECAPTCHA_SECRET),
      googleConfigured: Boolean(c.GOOGLE_CLIENT_ID),
    },
  };
}

export default async function adminSettingsRoutes(app: App) {
  app.get(
    '/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Admin: every site setting (public and private), which services are configured, and which secrets are set (never their values)',
        response: { 200: adminSettingsSchema },
      },
    },
    async () => currentSettings(app.ctx),
  );

  app.put(
    '/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Admin: change site settings (only the keys sent) and write-only secrets (blank keeps, null clears); applies at once and is audit-logged',
        body: adminSettingsBodySchema,
        response: { 200: adminSettingsSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      await inAdminTx(app.ctx, actor, async (_txCtx, tx, record) => {
        const res = await app.ctx.settings.updateWithSecrets(req.body, actor.user.id, tx);
        const before = res.before as Record<string, unknown>;
        const keys = Object.keys(req.body).filter((k) => !isSecretName(k));
        // Audit only what changed, with its value before and after.
        const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(req.body[k]));
        if (changed.length > 0) {
          await record({
            action: 'settings.update',
            targetType: 'settings',
            targetId: changed.join(','),
            before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
            after: Object.fromEntries(changed.map((k) => [k, req.body[k]])),
          });
        }
        // Secrets: which ones were set or cleared, never a value.
        const secrets = Object.keys(res.secrets);
        if (secrets.length > 0) {
          await record({
            action: 'settings.secrets',
            targetType: 'settings',
            targetId: secrets.join(','),
            // names only, as lists (values never reach the log)
            after: {
              set: secrets.filter((k) => res.secrets[k] === 'set'),
              cleared: secrets.filter((k) => res.secrets[k] === 'cleared'),
            },
          });
        }
      });
      // The write cleared this instance's cache inside the transaction; clear it again after commit
      // so a read between the two cannot keep the old values.
      app.ctx.settings.invalidate();
      return currentSettings(app.ctx);
    },
  );
}
