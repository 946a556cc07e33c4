import {
  AGE_ASSURANCE_PROVIDERS,
  CONTENT_PRICE_LIMITS,
  DEFAULTS,
  iceServerSchema,
  menuItemSchema,
  REVIEW_MODES,
} from '@marquee/shared';
import { gatewayChoicesSchema, gatewayNameSchema } from '@marquee/shared/payments';
import { z } from 'zod';

const money = z.number().min(0).max(1_000_000);
/** The request schemas of priced things stop at CONTENT_PRICE_LIMITS.max: the admin may narrow, not widen. */
const contentPrice = z
  .number()
  .min(0)
  .max(CONTENT_PRICE_LIMITS.max / 100);

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
      { title: '18 U.S.C. 2257', path: '/2257', section: 'footer', isNewTab: false },
      { title: 'FAQ', path: '/page/faq', section: 'footer', isNewTab: false },
      { title: 'Report content', path: '/complaints', section: 'footer', isNewTab: false },
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
  /**
   * Limits of every price a creator sets on something fans buy from their wallet: posts for sale,
   * catalogue items (sale and rent prices), paid and mass messages (`assertPrice` in
   * settings/price-limits.ts). Not the top-up limits above (`…WalletPrice`).
   */
  minimumContentPrice: contentPrice.default(CONTENT_PRICE_LIMITS.min / 100),
  maximumContentPrice: contentPrice.default(CONTENT_PRICE_LIMITS.max / 100),
  /** STUN/TURN servers for private shows (WebRTC); empty = host candidates only (same network). */
  streamingIceServers: z.array(iceServerSchema).max(20).default([]),
  commissionPercent: z.number().int().min(0).max(100).default(20),
  performerReferralPercent: z.number().min(0).max(100).default(5),
  performerReferralMonths: z.number().int().min(0).max(120).default(12),
  userReferralPercent: z.number().min(0).max(100).default(1),
  chargebackPolicy: z.enum(['creator_pays', 'platform_absorbs']).default('creator_pays'),
  /**
   * What each processor charges the site per chargeback, in cents (docs/payments.md, "Chargebacks"):
   * booked to the platform with each chargeback. Unset = 0 (CCBill's standard pricing includes it).
   */
  chargebackFeeCents: z.partialRecord(gatewayNameSchema, z.number().int().min(0).max(100_000)).default({}),
  /** A processor's chargebacks ÷ sales for a month above this (percent) alerts the admins, once per month. */
  chargebackAlertPercent: z.number().min(0).max(100).default(0.9),
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
  /** Complaints (issue 26): business days to answer one (Mastercard asks for 7), days before due that escalate. */
  complaintDueBusinessDays: z.number().int().min(1).max(60).default(7),
  complaintDueSoonBusinessDays: z.number().int().min(0).max(30).default(2),
  /** Days that are not business days for the complaint clock, besides weekends ('YYYY-MM-DD'). */
  complaintHolidays: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'each holiday must be a date YYYY-MM-DD'))
    .max(100)
    .default([]),
  /**
   * Days an upload that matched a known-abuse hash list is kept in the evidence store
   * (docs/compliance.md). 18 U.S.C. §2258A(h) asks a provider to preserve reported content
   * for one year.
   */
  evidenceRetentionDays: z.number().int().min(1).max(3650).default(365),
  /**
   * Sensitive data (GDPR Art. 9; docs/privacy.md "Sensitive data"): what a fan viewed (stories seen,
   * streams joined) is deleted after this many days by the daily `privacy.retention` job.
   */
  viewingHistoryRetentionDays: z.number().int().min(1).max(3650).default(90),
  /** A purchase keeps what accounting needs; the buyer's note on a tip is cleared after this many days. */
  purchaseNoteRetentionDays: z.number().int().min(1).max(3650).default(365),
  /** Reporter details the CyberTipline report draft is filled with (the operator's compliance contact). */
  complianceContactName: z.string().max(200).default(''),
  complianceContactEmail: z.string().max(200).default(''),
  /**
   * Years the §2257 records of an erased account (its releases, the person's record and ID copies)
   * are kept before the daily `records2257.retention` job purges them. 28 C.F.R. 75.4: seven years.
   */
  records2257RetentionYears: z.number().int().min(1).max(100).default(7),
  /** The custodian of records the public /2257 page names (18 U.S.C. §2257, 28 C.F.R. 75.6). */
  custodianName: z.string().max(200).default(''),
  custodianAddress: z.string().max(1000).default(''),
  custodianEmail: z.string().max(200).default(''),
  /**
   * The site shows adult content (issue 26): review before publication then defaults to everything.
   * The age gate is shown either way.
   */
  adultSite: z.boolean().default(false),
  /**
   * Review before publication (modules/review): `auto` = everything on an adult site, else nothing;
   * `new_or_flagged` = creators in their first `reviewNewCreatorDays` days or flagged by a reviewer.
   */
  reviewMode: z.enum(REVIEW_MODES).default('auto'),
  reviewNewCreatorDays: z.number().int().min(1).max(365).default(30),
  /** The admins are alerted (once per crossing) when the oldest item waits longer than this. */
  reviewAlertMinutes: z.number().int().min(1).max(10_080).default(240),
  /**
   * Live monitoring (issue 26 item 2): the share of private shows, in percent, picked at random when
   * they start for a moderator's look (Admin → Live monitor → Sampled private shows).
   */
  privateShowSamplePercent: z.number().int().min(0).max(100).default(10),
  /**
   * Age assurance of fans (issue 27, docs/compliance.md): the providers offered (Yoti when
   * configured), days after which an account is checked again (0: never), whether the built-in
   * provider's encrypted ID photo and selfie are deleted once decided, and the VPN notice.
   */
  ageAssuranceProviders: z.array(z.enum(AGE_ASSURANCE_PROVIDERS)).max(2).default(['yoti', 'builtin']),
  ageAssuranceRecheckDays: z.number().int().min(0).max(3650).default(0),
  ageAssuranceDeleteFiles: z.boolean().default(true),
  ageAssuranceVpnNotice: z.boolean().default(false),
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
