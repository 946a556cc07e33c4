import { DEFAULTS, iceServerSchema, menuItemSchema } from '@marquee/shared';
import { gatewayChoicesSchema, gatewayNameSchema } from '@marquee/shared/payments';
import { z } from 'zod';

const money = z.number().min(0).max(1_000_000);

/**
 * Every site setting with its default. Public ones reach GET /settings/public;
 * the rest (commission, referral terms, secrets, geo rules) stay on the server.
 * Money limits are decimal amounts of the site currency, as the spec shows them.
 */
export const settingsSchema = z.object({
  // public (spec §3, §9)
  requireEmailVerification: z.boolean().default(false),
  freeSubscriptionEnabled: z.boolean().default(DEFAULTS.freeSubscriptionEnabled),
  freeSubscriptionDuration: z.number().int().min(1).max(365).default(DEFAULTS.freeSubscriptionDuration),
  minimumSubscriptionPrice: money.default(DEFAULTS.minimumSubscriptionPrice / 100),
  maximumSubscriptionPrice: money.default(DEFAULTS.maximumSubscriptionPrice / 100),
  minimumWalletPrice: money.default(DEFAULTS.minimumWalletPrice / 100),
  maximumWalletPrice: money.default(DEFAULTS.maximumWalletPrice / 100),
  minimumTipPrice: money.default(DEFAULTS.minimumTipPrice / 100),
  maximumTipPrice: money.default(DEFAULTS.maximumTipPrice / 100),
  minimumPayoutAmount: money.default(DEFAULTS.minimumPayoutAmount / 100),
  volume: z.number().min(0).max(1).default(DEFAULTS.volume),
  gaCode: z.string().max(40).default(''),
  siteName: z.string().min(1).max(60).default('Marquee'),
  logo: z.string().max(500).default(''),
  favicon: z.string().max(500).default(''),
  menus: z
    .array(menuItemSchema)
    .max(40)
    .default([
      { title: 'Explore', path: '/explore', section: 'header', isNewTab: false },
      { title: 'Terms of service', path: '/page/terms-of-service', section: 'footer', isNewTab: false },
      { title: 'Privacy policy', path: '/page/privacy-policy', section: 'footer', isNewTab: false },
      { title: '18 U.S.C. 2257', path: '/page/2257', section: 'footer', isNewTab: false },
      { title: 'FAQ', path: '/page/faq', section: 'footer', isNewTab: false },
    ]),
  maintenanceMode: z.boolean().default(false),
  clientSidePasswordHashing: z.boolean().default(false),
  currency: z.string().length(3).default('USD'),
  paymentGateway: gatewayNameSchema.optional(),
  /**
   * The admin's gateways in order, each active for top-ups, subscriptions and/or single purchases
   * (docs/payments.md, "Gateways in the console"). Empty: `paymentGateway` alone, for everything.
   */
  paymentGateways: gatewayChoicesSchema.default([]),
  streamingProvider: z.enum(['webrtc', 'agora']).default('webrtc'),
  // private
  /** STUN/TURN servers for private shows (WebRTC); empty = host candidates only (same network). */
  streamingIceServers: z.array(iceServerSchema).max(20).default([]),
  commissionPercent: z.number().int().min(0).max(100).default(20),
  performerReferralPercent: z.number().min(0).max(100).default(5),
  performerReferralMonths: z.number().int().min(0).max(120).default(12),
  userReferralPercent: z.number().min(0).max(100).default(1),
  chargebackPolicy: z.enum(['creator_pays', 'platform_absorbs']).default('creator_pays'),
  /**
   * Coupons on sales: off = the creator earns on what the fan paid (never more). On = the platform
   * tops the creator's earning up towards the list price from its own account, at most
   * `couponFundingCapPerCreator` (tokens) per creator account in all (docs/money.md).
   */
  couponPlatformFunded: z.boolean().default(false),
  couponFundingCapPerCreator: money.default(50),
  /** Days an earning is held before a payout may include it (refunds and chargebacks in that window come from the creator). */
  payoutHoldDays: z.number().int().min(0).max(180).default(7),
  blockedCountries: z.array(z.string().length(2)).default([]),
  blockedUsStates: z.array(z.string().length(2)).default([]),
  maxPhotoSizeMb: z.number().int().min(1).max(500).default(25),
  maxVideoSizeMb: z.number().int().min(1).max(20000).default(2048),
  maxAudioSizeMb: z.number().int().min(1).max(2000).default(200),
  maxDocumentSizeMb: z.number().int().min(1).max(200).default(20),
  /** Longest video a creator (or admin) may upload, checked by probing before it is queued. */
  maxVideoMinutes: z.number().int().min(1).max(1440).default(180),
  /** Longest video a fan may upload (message and comment attachments). */
  maxVideoMinutesFans: z.number().int().min(1).max(1440).default(10),
  /**
   * Most picture a video may carry, width × height × frames in billions of pixels: what the
   * encoder's time grows with. 700 ≈ 3 h of 1080p at 30 fps, or 47 min of 4K at 30 fps.
   */
  maxVideoGigapixels: z.number().min(0.001).max(100_000).default(700),
  /** A video or audio job is stopped after this many times the file's duration, plus the base below. */
  mediaTimeoutFactor: z.number().min(0.001).max(100).default(10),
  mediaTimeoutBaseSeconds: z.number().int().min(0).max(86_400).default(60),
  /** Uploads never attached to any content are deleted after this many hours (media sweep job). */
  orphanMediaHours: z.number().int().min(1).max(8760).default(24),
});

export type SiteSettings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof SiteSettings;

export const PUBLIC_SETTING_KEYS = [
  'requireEmailVerification',
  'freeSubscriptionEnabled',
  'freeSubscriptionDuration',
  'minimumSubscriptionPrice',
  'maximumSubscriptionPrice',
  'minimumWalletPrice',
  'maximumWalletPrice',
  'minimumTipPrice',
  'maximumTipPrice',
  'minimumPayoutAmount',
  'volume',
  'gaCode',
  'siteName',
  'logo',
  'favicon',
  'menus',
  'maintenanceMode',
  'clientSidePasswordHashing',
  'currency',
  'streamingProvider',
] as const satisfies readonly SettingKey[];
