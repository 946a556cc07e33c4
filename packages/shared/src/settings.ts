import { z } from 'zod';
import { gatewayNameSchema, paymentMethodsSchema } from './payments';

export const menuItemSchema = z.object({
  title: z.string().min(1).max(60),
  path: z.string().min(1).max(500),
  section: z.enum(['header', 'footer']).default('footer'),
  isNewTab: z.boolean().default(false),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/**
 * Every site setting that the web client may read (spec §3 Site settings and UI
 * settings, defaults of §9). Money limits are decimal amounts of the site currency.
 */
export const publicSettingsSchema = z.object({
  requireEmailVerification: z.boolean(),
  stripePublishableKey: z.string(),
  /** The default gateway (the first of the admin's list). */
  paymentGateway: gatewayNameSchema,
  /** The methods the web offers per purpose, in the admin's order; a picker shows when a list has more than one. */
  paymentMethods: paymentMethodsSchema,
  freeSubscriptionEnabled: z.boolean(),
  freeSubscriptionDuration: z.number().int().min(1),
  minimumSubscriptionPrice: z.number(),
  maximumSubscriptionPrice: z.number(),
  minimumWalletPrice: z.number(),
  maximumWalletPrice: z.number(),
  minimumTipPrice: z.number(),
  maximumTipPrice: z.number(),
  minimumPayoutAmount: z.number(),
  volume: z.number(),
  gaCode: z.string(),
  siteName: z.string(),
  logo: z.string(),
  favicon: z.string(),
  menus: z.array(menuItemSchema),
  maintenanceMode: z.boolean(),
  clientSidePasswordHashing: z.boolean(),
  currency: z.string(),
  streamingProvider: z.enum(['webrtc', 'agora']),
  reCaptchaEnabled: z.boolean(),
  reCaptchaSiteKey: z.string(),
  googleClientId: z.string(),
  twitterEnabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const settingsKeysBodySchema = z.object({ keys: z.array(z.string().min(1).max(80)).min(1).max(50) });
