import { z } from 'zod';
import { emailSchema, usernameSchema } from './auth';

export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The short form of an account, for authors of messages, comments and the like. */
export const userBriefSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string(),
  isPerformer: z.boolean(),
});
export type UserBrief = z.infer<typeof userBriefSchema>;

/** The current user (spec §3) as GET /users/me answers it. Balance is decimal tokens. */
export const meSchema = z.object({
  _id: z.string(),
  avatar: z.string(),
  cover: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  isPerformer: z.boolean(),
  role: z.enum(['user', 'performer', 'admin']),
  /** A staff permission beside the role: `moderator` (review, live monitor, complaints, reports). */
  staffRole: z.enum(['moderator']).nullable().optional(),
  status: z.enum(['active', 'suspended']),
  balance: z.number(),
  emailVerified: z.boolean(),
  /** Creators only; null for fans. */
  verificationStatus: z.enum(VERIFICATION_STATUSES).nullable(),
  referralCode: z.string(),
  totpEnabled: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  /** Interface language chosen in settings (null: the browser's). */
  locale: z.string().nullable().optional(),
  /** A new email waiting for the link mailed to it; `email` changes only when it is confirmed. */
  pendingEmail: z.string().nullable().optional(),
});
export type Me = z.infer<typeof meSchema>;

/** What another person may see of an account (GET /users/view/{id}, /users/search). Email only for admins. */
export const publicUserSchema = userBriefSchema.extend({
  cover: z.string().nullable(),
  role: z.enum(['user', 'performer', 'admin']),
  createdAt: z.string(),
  email: z.string().nullable().optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const updateUserBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100).optional(),
  username: usernameSchema.optional(),
  /** A new email is not set at once: it waits as `pendingEmail` for the link mailed to it. */
  email: emailSchema.optional(),
  /** Required with a new email when the account has a password. */
  currentPassword: z.string().max(300).optional(),
});
/** The links of an email change: confirm (mailed to the new address) and undo (mailed to the old one). */
export const emailChangeTokenBodySchema = z.object({ token: z.string().min(10).max(200) });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/i, 'must be an http or https URL');
export const SOCIAL_LINK_KEYS = ['twitter', 'instagram', 'tiktok', 'youtube', 'facebook', 'website'] as const;
export const socialLinksSchema = z.partialRecord(z.enum(SOCIAL_LINK_KEYS), z.union([httpUrl, z.literal('')]));

/** The creator profile as its owner (and admins) see it: GET /performers/me. */
export const performerProfileSchema = meSchema.extend({
  displayName: z.string(),
  bio: z.string(),
  gender: z.string().nullable(),
  sexualOrientation: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  languages: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  age: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.string().nullable(),
  bodyType: z.string().nullable(),
  ethnicity: z.string().nullable(),
  breastSize: z.string().nullable(),
  buttSize: z.string().nullable(),
  hair: z.string().nullable(),
  eyes: z.string().nullable(),
  socialLinks: z.record(z.string(), z.string()),
  welcomeVideo: z.string().nullable(),
  /** Decimal tokens. */
  monthlyPrice: z.number(),
  yearlyPrice: z.number(),
  freeSubscriptionEnabled: z.boolean(),
  freeSubscriptionDays: z.number().int(),
  showSubscriberCount: z.boolean(),
  messageRequiresSubscription: z.boolean(),
  verificationNote: z.string().nullable(),
  bankingSettings: z.record(z.string(), z.string()).nullable(),
  paymentGatewaySettings: z.record(z.string(), z.string()).nullable(),
  documents: z.array(
    z.object({
      _id: z.string(),
      kind: z.string(),
      originalName: z.string(),
      mimeType: z.string(),
      size: z.number(),
      createdAt: z.string(),
      url: z.string(),
    }),
  ),
});
export type PerformerProfile = z.infer<typeof performerProfileSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const updatePerformerBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  username: usernameSchema.optional(),
  /** As in PUT /users: a new email waits for confirmation and needs the current password. */
  email: emailSchema.optional(),
  currentPassword: z.string().max(300).optional(),
  displayName: z.string().trim().min(1, 'display name is required').max(100).optional(),
  bio: z.string().trim().max(5000).optional(),
  gender: optionalText(30),
  sexualOrientation: optionalText(30),
  country: optionalText(2),
  state: optionalText(100),
  city: optionalText(100),
  languages: z.array(z.string().trim().min(2).max(10)).max(20).optional(),
  /** YYYY-MM-DD; 18 or older. */
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateOfBirth must be YYYY-MM-DD')
    .nullable()
    .optional(),
  age: optionalText(20),
  height: optionalText(30),
  weight: optionalText(30),
  bodyType: optionalText(30),
  ethnicity: optionalText(30),
  breastSize: optionalText(30),
  buttSize: optionalText(30),
  hair: optionalText(30),
  eyes: optionalText(30),
  socialLinks: socialLinksSchema.optional(),
  monthlyPrice: z.number().min(0).optional(),
  yearlyPrice: z.number().min(0).optional(),
  freeSubscriptionEnabled: z.boolean().optional(),
  freeSubscriptionDays: z.number().int().min(1).max(365).optional(),
  showSubscriberCount: z.boolean().optional(),
  messageRequiresSubscription: z.boolean().optional(),
});
export type UpdatePerformerBody = z.input<typeof updatePerformerBodySchema>;

/** Bank transfer details for payouts (holder name, IBAN or account number, bank, country); stored encrypted, shown masked. */
export const bankingSettingsBodySchema = z
  .object({
    firstName: z.string().trim().min(1, 'firstName is required').max(100),
    lastName: z.string().trim().min(1, 'lastName is required').max(100),
    bankName: z.string().trim().min(1, 'bankName is required').max(200),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z -]{4,64}$/, 'accountNumber must be 4 to 64 letters or digits')
      .optional()
      .or(z.literal('')),
    routingNumber: z.string().trim().max(64).optional(),
    swiftCode: z.string().trim().max(20).optional(),
    iban: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine((v) => v === '' || /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(v), 'iban is not a valid IBAN')
      .optional(),
    country: z.string().trim().max(2).optional(),
    address: z.string().trim().max(300).optional(),
  })
  .refine((b) => Boolean(b.accountNumber || b.iban), {
    message: 'accountNumber or iban is required',
    path: ['accountNumber'],
  });
export type BankingSettingsBody = z.infer<typeof bankingSettingsBodySchema>;

export const paymentGatewaySettingsBodySchema = z.object({
  key: z.enum(['paypal']).default('paypal'),
  value: z.object({ email: z.string().trim().email('PayPal email must be a valid address') }),
});

export const uploadResponseSchema = z.object({ success: z.literal(true), url: z.string() });
export const documentUploadResponseSchema = z.object({
  success: z.literal(true),
  documents: performerProfileSchema.shape.documents,
  verificationStatus: z.enum(VERIFICATION_STATUSES),
});

export const userSearchQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
  q: z.string().trim().max(100).optional(),
  role: z.enum(['user', 'performer', 'admin']).optional(),
  sortBy: z.enum(['createdAt', 'username', 'updatedAt']).default('createdAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
