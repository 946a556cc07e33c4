import { z } from 'zod';
import { PROMO_PLACEMENTS } from './cms';
import { decisionGroundSchema } from './decisions';
import { feedSchema } from './feeds';
import { dateInput } from './input';
import { listQuerySchema } from './list';
import { performerPublicSchema } from './profiles';
import { menuItemSchema } from './settings';
import { EARNING_SOURCES } from './wallet';

/** Admin console payloads (issue 11). Money is decimal tokens, like the rest of the API. */

const isoDate = z.string();
const optionalDate = dateInput().optional();

// ---------- settings ----------
export const adminSettingsSchema = z.object({
  /** Every site setting with its current value (defaults included); the menus typed, as the console edits them. */
  values: z.object({ menus: z.array(menuItemSchema) }).catchall(z.unknown()),
  /** Which services are configured by the environment (secrets are never returned). */
  environment: z.object({
    smtpConfigured: z.boolean(),
    storageDriver: z.enum(['local', 's3']),
    stripeConfigured: z.boolean(),
    agoraConfigured: z.boolean(),
    recaptchaConfigured: z.boolean(),
    googleConfigured: z.boolean(),
  }),
  /** Write-only service secrets: whether each is set and from where, never the value. */
  secrets: z.record(z.string(), z.object({ set: z.boolean(), source: z.enum(['console', 'environment']).nullable() })),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsBodySchema = z.record(z.string().min(1).max(80), z.unknown());

// ---------- users and creators ----------
export const adminUserSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string(),
  role: z.enum(['user', 'performer', 'admin']),
  /** `moderator`: the staff permission (PUT /admin/users/{id}/staff-role); null: none. */
  staffRole: z.enum(['moderator']).nullable(),
  status: z.enum(['active', 'suspended']),
  emailVerified: z.boolean(),
  balance: z.number(),
  verificationStatus: z.enum(['unverified', 'pending', 'verified', 'rejected']).nullable(),
  commissionPercent: z.number().nullable(),
  createdAt: isoDate,
  lastActiveAt: isoDate.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminDocumentSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  /** API path of the file (admins and the owner only). */
  url: z.string(),
  createdAt: isoDate,
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  performer: z
    .object({
      displayName: z.string(),
      bio: z.string(),
      country: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      /** Age in years today (null without a date of birth); the review shows it beside the documents. */
      age: z.number().int().nullable(),
      /** Whether the date of birth makes the creator of age (AGE_OF_MAJORITY): without it they cannot earn. */
      ofAge: z.boolean(),
      verificationNote: z.string().nullable(),
      monthlyPrice: z.number(),
      yearlyPrice: z.number(),
    })
    .nullable(),
  documents: z.array(adminDocumentSchema),
  activeSessions: z.number().int(),
  earningsBalance: z.number(),
  siteCommissionPercent: z.number(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserSearchQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'username']).default('createdAt'),
  role: z.enum(['user', 'performer', 'admin']).optional(),
  status: z.enum(['active', 'suspended']).optional(),
  verificationStatus: z.enum(['unverified', 'pending', 'verified', 'rejected']).optional(),
});
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuerySchema>;

export const adminUserUpdateBodySchema = z
  .object({
    name: z.string().trim().max(100),
    username: z
      .string()
      .trim()
      .min(3)
      .max(40)
      .regex(/^[a-zA-Z0-9_.]+$/, 'username may contain letters, digits, dots and underscores'),
    email: z.string().trim().email().max(200),
    emailVerified: z.boolean(),
    role: z.enum(['user', 'performer', 'admin']),
  })
  .partial();

export const reasonBodySchema = z.object({ reason: z.string().trim().min(3, 'a reason is required').max(1000) });
export const optionalReasonBodySchema = z.object({ reason: z.string().trim().max(1000).optional() });
/** A restriction (takedown, suspension): the reason is the statement's facts, the ground its law or terms clause. */
export const restrictionBodySchema = reasonBodySchema.extend({ ground: decisionGroundSchema.optional() });
export const optionalRestrictionBodySchema = optionalReasonBodySchema.extend({
  ground: decisionGroundSchema.optional(),
});

export const verificationDecisionBodySchema = z.object({
  decision: z.enum(['verified', 'rejected']),
  reason: z.string().trim().max(1000).optional(),
});
export const commissionBodySchema = z.object({
  /** Percent of gross kept by the platform for this creator; null returns to the site default. */
  commissionPercent: z.number().int().min(0).max(100).nullable(),
});
export const balanceAdjustmentBodySchema = z.object({
  /** Tokens to add (positive) or remove (negative). */
  amount: z
    .number()
    .refine((n) => n !== 0, 'amount must not be zero')
    .refine((n) => Math.abs(n) <= 1_000_000, 'amount is too large'),
  account: z.enum(['wallet', 'earnings']).default('wallet'),
  reason: z.string().trim().min(3, 'a reason is required').max(1000),
});
export const balanceAdjustmentResultSchema = z.object({
  transactionId: z.string(),
  balance: z.number(),
  earningsBalance: z.number(),
});
export const resetLinkSchema = z.object({ link: z.string(), expiresInMinutes: z.number() });

// ---------- content moderation ----------
export const MODERATED_TYPES = [
  'feed',
  'video',
  'gallery',
  'photo',
  'product',
  'reel',
  'scene',
  'scenario',
  'story',
  'comment',
] as const;
export type ModeratedType = (typeof MODERATED_TYPES)[number];
export const adminContentSchema = z.object({
  _id: z.string(),
  type: z.enum(MODERATED_TYPES),
  title: z.string(),
  creator: z.object({ _id: z.string(), username: z.string().nullable(), name: z.string() }).nullable(),
  visibility: z.string().nullable(),
  status: z.string(),
  takenDown: z.boolean(),
  takedownReason: z.string().nullable(),
  createdAt: isoDate,
});
export type AdminContent = z.infer<typeof adminContentSchema>;
export const adminContentQuerySchema = listQuerySchema.extend({
  type: z.enum(MODERATED_TYPES).default('feed'),
  creatorId: z.string().uuid().optional(),
  moderation: z.enum(['live', 'taken_down']).optional(),
});
export const contentTargetParamsSchema = z.object({ type: z.enum(MODERATED_TYPES), id: z.string().uuid() });

// ---------- reports ----------
export const adminReportSchema = z.object({
  _id: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  description: z.string(),
  status: z.enum(['open', 'dismissed', 'resolved']),
  resolutionNote: z.string().nullable(),
  reporter: z.object({ _id: z.string(), username: z.string().nullable() }).nullable(),
  creator: z
    .object({ _id: z.string(), username: z.string().nullable(), name: z.string(), status: z.string() })
    .nullable(),
  /** The reported item, inline (text or title), when its module can present it. */
  target: z
    .object({ title: z.string(), text: z.string(), takenDown: z.boolean(), link: z.string().nullable() })
    .nullable(),
  createdAt: isoDate,
  resolvedAt: isoDate.nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportQuerySchema = listQuerySchema.extend({
  status: z.enum(['open', 'dismissed', 'resolved']).optional(),
  targetType: z.string().max(40).optional(),
});
export const reportResolutionBodySchema = z.object({
  action: z.enum(['dismiss', 'takedown', 'suspend']),
  note: z.string().trim().max(1000).optional(),
  ground: decisionGroundSchema.optional(),
});

// ---------- pages and promos ----------
export const adminPromoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  placement: z.enum(PROMO_PLACEMENTS),
  status: z.enum(['active', 'inactive']),
  ordering: z.number().int(),
  startAt: isoDate.nullable(),
  endAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type AdminPromo = z.infer<typeof adminPromoSchema>;
const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^(https?:\/\/|\/)/.test(s), 'must be an http(s) URL or a path starting with /');
export const promoBodySchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(200),
  description: z.string().trim().max(1000).default(''),
  imageUrl: httpUrl.nullable().default(null),
  linkUrl: httpUrl.nullable().default(null),
  placement: z.enum(PROMO_PLACEMENTS).default('home'),
  status: z.enum(['active', 'inactive']).default('active'),
  ordering: z.number().int().default(0),
  startAt: z.string().datetime({ offset: true }).nullable().default(null),
  endAt: z.string().datetime({ offset: true }).nullable().default(null),
});
export type PromoBody = z.infer<typeof promoBodySchema>;

// ---------- mail outbox ----------
export const adminMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable(),
  status: z.enum(['queued', 'sent', 'stored', 'failed']),
  error: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;
export const adminMailQuerySchema = listQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(['queued', 'sent', 'stored', 'failed']).optional(),
});

// ---------- audit ----------
export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), username: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = listQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  action: z.string().max(80).optional(),
  actorId: z.string().uuid().optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(100).optional(),
  fromDate: optionalDate,
  toDate: optionalDate,
});

// ---------- dashboard ----------
export const dashboardQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const dashboardSchema = z.object({
  totals: z.object({
    users: z.number().int(),
    creators: z.number().int(),
    activeCreators: z.number().int(),
    activeSubscriptions: z.number().int(),
    openReports: z.number().int(),
    pendingVerifications: z.number().int(),
    gross: z.number(),
    commission: z.number(),
    net: z.number(),
  }),
  days: z.array(
    z.object({
      date: z.string(),
      signups: z.number().int(),
      gross: z.number(),
      commission: z.number(),
      net: z.number(),
    }),
  ),
  jobErrors: z.array(z.object({ name: z.string(), error: z.string(), at: isoDate })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------- money ----------
export const adminChargeSchema = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  user: z.object({ _id: z.string(), username: z.string().nullable() }).nullable(),
  creator: z.object({ _id: z.string(), username: z.string().nullable() }).nullable(),
  gross: z.number(),
  discount: z.number(),
  paid: z.number(),
  commission: z.number(),
  net: z.number(),
  status: z.enum(['paid', 'refunded', 'chargeback']),
  createdAt: isoDate,
  refundedAt: isoDate.nullable(),
});
export type AdminCharge = z.infer<typeof adminChargeSchema>;
export const adminChargeQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'paid']).default('createdAt'),
  /** What the charge paid for: the same list as the earnings it credits (wallet_charges.type). */
  type: z.enum(EARNING_SOURCES).optional(),
  status: z.enum(['paid', 'refunded', 'chargeback']).optional(),
  userId: z.string().uuid().optional(),
  creatorId: z.string().uuid().optional(),
  fromDate: optionalDate,
  toDate: optionalDate,
});
export const revenueQuerySchema = z.object({
  fromDate: optionalDate,
  toDate: optionalDate,
  format: z.enum(['json', 'csv']).default('json'),
});
export const revenueRowSchema = z.object({
  creatorId: z.string(),
  username: z.string().nullable(),
  charges: z.number().int(),
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  refunded: z.number(),
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;
/** GET /admin/revenue as JSON (format=csv answers the same rows as a text/csv download). */
export const revenueReportSchema = z.object({ data: z.array(revenueRowSchema) });

export const adminSubscriptionQuerySchema = listQuerySchema.extend({
  status: z.enum(['created', 'active', 'cancelled', 'expired']).optional(),
  userId: z.string().uuid().optional(),
  creatorId: z.string().uuid().optional(),
});
export const subscriptionGrantBodySchema = z.object({
  /** The fan and the creator: an id or a username. */
  user: z.string().trim().min(1, 'pick a fan').max(100),
  creator: z.string().trim().min(1, 'pick a creator').max(100),
  subscriptionType: z.enum(['monthly', 'three_months', 'six_months', 'yearly']),
  reason: z.string().trim().min(3, 'a reason is required').max(1000),
});
export type SubscriptionGrantBody = z.infer<typeof subscriptionGrantBodySchema>;

// ---------- orders ----------
export const adminOrderQuerySchema = listQuerySchema.extend({
  deliveryStatus: z.enum(['processing', 'shipping', 'delivered', 'refunded']).optional(),
  userId: z.string().uuid().optional(),
  creatorId: z.string().uuid().optional(),
});
export const adminOrderStatusBodySchema = z.object({
  deliveryStatus: z.enum(['processing', 'shipping', 'delivered']),
  shippingCode: z.string().trim().max(100).optional(),
  note: z.string().trim().max(500).optional(),
  reason: z.string().trim().min(3, 'a reason is required').max(1000),
});
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;

// ---------- view as ----------
export const VIEW_AS_CLASSES = ['visitor', 'follower', 'subscriber'] as const;
export type ViewAsClass = (typeof VIEW_AS_CLASSES)[number];
export const viewAsQuerySchema = z.object({ as: z.enum(VIEW_AS_CLASSES).default('visitor') });
export const viewAsSchema = z.object({
  as: z.enum(VIEW_AS_CLASSES),
  profile: performerPublicSchema,
  feeds: z.object({ data: z.array(feedSchema), total: z.number().int() }),
});
export type ViewAs = z.infer<typeof viewAsSchema>;
