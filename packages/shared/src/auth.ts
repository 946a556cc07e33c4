import { z } from 'zod';

/** Usernames: 3–30 letters, digits, `_` and `.`; unique case-insensitively. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Prefix of a password that the client hashed itself (spec §5, setting clientSidePasswordHashing). */
export const CLIENT_HASH_PREFIX = 'sha256:';

/**
 * Words a username may not be: every top-level route of the web app and API,
 * plus names that would let someone pose as the site.
 */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'api',
  'app',
  'auth',
  'login',
  'logout',
  'register',
  'signup',
  'signin',
  'user',
  'users',
  'creator',
  'creators',
  'performer',
  'performers',
  'page',
  'pages',
  'messages',
  'message',
  'conversations',
  'settings',
  'account',
  'accounts',
  'explore',
  'search',
  'home',
  'feed',
  'feeds',
  'posts',
  'post',
  'videos',
  'video',
  'photos',
  'photo',
  'galleries',
  'gallery',
  'products',
  'product',
  'store',
  'shop',
  'stories',
  'story',
  'reels',
  'reel',
  'scenes',
  'scene',
  'scenario',
  'scenarios',
  'live',
  'stream',
  'streaming',
  'streams',
  'wallet',
  'payment',
  'payments',
  'payout',
  'payouts',
  'orders',
  'order',
  'cart',
  'checkout',
  'subscriptions',
  'subscription',
  'notifications',
  'bookmarks',
  'contact',
  'help',
  'support',
  'faq',
  'terms',
  'privacy',
  'about',
  'blog',
  'docs',
  'socket.io',
  'static',
  'assets',
  'media',
  'files',
  'uploads',
  'public',
  'marquee',
  'root',
  'system',
  'staff',
  'moderator',
  'official',
  'null',
  'undefined',
  'me',
  'twitter',
  'google',
  'trending',
  'model',
  'models',
  'referrals',
  'earnings',
  'reports',
  'block',
  'maintenance',
  'dashboard',
] as const;

export const usernameSchema = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'username must be 3–30 letters, digits, _ or .')
  .refine((v) => !(RESERVED_USERNAMES as readonly string[]).includes(v.toLowerCase()), 'this username is reserved');

export const emailSchema = z
  .string()
  .trim()
  .max(200)
  .email('email must be a valid address')
  .transform((v) => v.toLowerCase());

/** A new password, or one hashed on the client (prefix `sha256:`, 64 hex). */
export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH + CLIENT_HASH_PREFIX.length)
  .refine(
    (v) => v.startsWith(CLIENT_HASH_PREFIX) || v.length >= PASSWORD_MIN_LENGTH,
    `password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  );

export const loginBodySchema = z.object({
  /** Username or email. `email` is accepted as an alias. */
  username: z.string().trim().min(1, 'username is required').max(200).optional(),
  email: z.string().trim().max(200).optional(),
  password: z.string().min(1, 'password is required').max(300),
  remember: z.boolean().optional().default(false),
  /** The 6-digit code from the authenticator app, when two-factor authentication is on. */
  totpCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'the code has 6 digits')
    .optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const sessionResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
/**
 * The second-factor step of a sign-in (any path: password, Google, Twitter/X): no session yet,
 * but a short-lived challenge to send with the code to POST /auth/2fa/login.
 */
export const totpChallengeSchema = z.object({
  totpRequired: z.literal(true),
  message: z.string(),
  challengeToken: z.string(),
});
export const loginResponseSchema = z.union([sessionResponseSchema, totpChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
/** How every sign-in ends: a session, or the two-factor challenge. */
export type SignInResponse = LoginResponse;
/** A provider sign-in: as a login, plus whether the account was created now. */
export const socialLoginResponseSchema = z.union([
  sessionResponseSchema.extend({ created: z.boolean() }),
  totpChallengeSchema.extend({ created: z.boolean() }),
]);
export const totpLoginBodySchema = z.object({
  challengeToken: z.string().min(10).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'the code has 6 digits'),
  remember: z.boolean().optional().default(false),
});

export const loginTokenBodySchema = z.object({ token: z.string().min(1).max(300) });

export const registerUserBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  name: z.string().trim().max(100).optional(),
  referralCode: z.string().trim().max(40).optional(),
  remember: z.boolean().optional().default(false),
});
export type RegisterUserBody = z.input<typeof registerUserBodySchema>;

export const registerPerformerBodySchema = registerUserBodySchema.extend({
  name: z.string().trim().min(1, 'name is required').max(100),
  /** YYYY-MM-DD, required: the creator must be AGE_OF_MAJORITY (18) or older. */
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dateOfBirth must be YYYY-MM-DD'),
  gender: z.string().max(30).optional(),
  country: z.string().max(2).optional(),
});
export type RegisterPerformerBody = z.input<typeof registerPerformerBodySchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  emailVerificationRequired: z.boolean(),
  token: z.string().optional(),
  expiresAt: z.string().optional(),
  userId: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const emailBodySchema = z.object({ email: z.string().trim().min(1).max(200) });
export const emailVerifyBodySchema = z.object({ token: z.string().min(10).max(200) });
export const passwordRecoveryBodySchema = z.object({ token: z.string().min(10).max(200), password: newPasswordSchema });
export const changePasswordBodySchema = z.object({
  password: newPasswordSchema,
  /** Which kind of account the client thinks it is changing ('user' or 'performer'); informational. */
  source: z.enum(['user', 'performer', 'admin']).optional(),
  /** Required when the account already has a password. */
  currentPassword: z.string().max(300).optional(),
});
export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'the code has 6 digits'),
});

export const socialRoleSchema = z.enum(['user', 'performer']).optional().default('user');
export const googleLoginBodySchema = z.object({
  /** The Google ID token (the `credential` of Google Identity Services). */
  idToken: z.string().min(20).max(5000).optional(),
  credential: z.string().min(20).max(5000).optional(),
  role: socialRoleSchema,
  remember: z.boolean().optional().default(true),
  referralCode: z.string().max(40).optional(),
});
export const googleTokenBodySchema = z.object({
  /** An authorization code from the provider's redirect, exchanged server-side. */
  code: z.string().min(1).max(2000),
  redirectUri: z.string().url(),
  codeVerifier: z.string().max(200).optional(),
  /** The `state` of the redirect; checked against the flow cookie set by GET /auth/google/start. */
  state: z.string().max(200).optional(),
  role: socialRoleSchema,
  remember: z.boolean().optional().default(true),
});

export const twitterLoginBodySchema = z.object({
  role: socialRoleSchema,
  callbackUrl: z.string().url().optional(),
});
export const twitterLoginResponseSchema = z.object({
  url: z.string(),
  oauthToken: z.string(),
  oauthTokenSecret: z.string().optional(),
  callbackUrl: z.string(),
});
export const twitterCallbackBodySchema = z.object({
  oauthToken: z.string().min(1).max(500).optional(),
  oauthVerifier: z.string().min(1).max(500),
  oauthTokenSecret: z.string().max(500).optional(),
  role: z.enum(['user', 'performer']).optional(),
  remember: z.boolean().optional().default(true),
});
export const linkedAccountSchema = z.object({
  provider: z.enum(['google', 'twitter']),
  username: z.string().nullable(),
  providerUserId: z.string(),
  createdAt: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

export const identityVerificationSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  provider: z.enum(['manual', 'yoti']),
  status: z.enum(['pending', 'verified', 'rejected', 'expired']),
  /** Where the creator completes the check (Yoti's web flow); null for manual review. */
  url: z.string().nullable(),
  sessionId: z.string().nullable(),
  clientSessionToken: z.string().nullable(),
  verificationStatus: z.enum(['unverified', 'pending', 'verified', 'rejected']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;
export const idvCreateBodySchema = z.object({ performerId: z.string().min(1).max(100) });
