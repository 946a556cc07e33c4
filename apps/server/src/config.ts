import path from 'node:path';
import { z } from 'zod';
import { ipListSchema } from './lib/ip-allow-list';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads, validated once at start. `.env.example` documents each. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  /** Without PUBLIC_URL: extra Host names (comma separated) trusted for links in mails; others fall back to localhost. */
  ALLOWED_HOSTS: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A read replica: heavy public reads (profiles, search, discovery, timelines) go there; writes and read-your-writes stay on DATABASE_URL. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres:// or postgresql://')
    .optional(),
  /** After a signed-in write, that browser reads from the primary this long (replication lag). */
  DATABASE_READ_STICKY_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
  SEED_DEMO: bool.default(true),
  SEED_WAIT_FOR_MEDIA: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per event; `json`: pino's JSON lines. Default: pretty on a terminal, else json. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST: z.string().optional(),
  SECRET_KEY: z.string().min(16, 'SECRET_KEY must be at least 16 characters').optional(),
  TRUST_PROXY: bool.default(false),
  GEO_IP_HEADER: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of Marquee's Redis keys and channels (rate limits, socket.io): several sites can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,50}$/, 'REDIS_PREFIX: letters, digits, . _ - only')
    .default('marquee'),
  /** How long a signed-in session is served from memory (revocation still applies at once); 0: every request asks the database. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  JOBS_IN_PROCESS: bool.default(true),
  /** On SIGTERM, keep serving this long with /api/health/ready at 503 before closing (behind a load balancer: its check interval). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  // Mail
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Marquee <no-reply@marquee.local>'),
  ADMIN_EMAIL: z.string().email().default('admin@marquee.local'),
  // Storage
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** A CDN in front of the site for public media (avatars, covers, public files): their URLs start here. */
  MEDIA_CDN_URL: z.string().url().optional(),
  // Payments
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends API calls (default Stripe's own; a local test peer or stripe-mock in tests). */
  STRIPE_API_URL: z.string().url().optional(),
  /** Verotel FlexPay (docs/payments.md): the website's shop ID and FlexPay signature key (Control Center → Setup websites). */
  VEROTEL_SHOP_ID: z.string().regex(/^\d+$/, 'VEROTEL_SHOP_ID is the numeric website ID').optional(),
  VEROTEL_SIGNATURE_KEY: z.string().optional(),
  /** The brand's FlexPay host (Verotel, CardBilling, Bill …); a local test peer in tests. */
  VEROTEL_FLEXPAY_URL: z.string().url().default('https://secure.verotel.com'),
  /** Control Center API (given on request by Verotel): cancels rebilling from the site; subscriptions need it. */
  VEROTEL_API_URL: z.string().url().default('https://controlcenter.verotel.com/api'),
  VEROTEL_API_USERNAME: z.string().optional(),
  VEROTEL_API_PASSWORD: z.string().optional(),
  /** Addresses or CIDR ranges postbacks may come from (comma separated); unset = any (the signature still applies). */
  VEROTEL_POSTBACK_IPS: ipListSchema('VEROTEL_POSTBACK_IPS').optional(),
  /** E2E journeys only: exposes POST /api/subscriptions/dev/clock (time travel). Refused in production. */
  MARQUEE_E2E_CLOCK: bool.default(false),
  // Third parties
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  AGORA_APP_ID: z.string().optional(),
  AGORA_APP_CERTIFICATE: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  /** Videos and audio files processed at once by each worker process (default: cores − 1, between 2 and 4). */
  MEDIA_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  /** Built-in streaming: RTMP ingest port for OBS (0 = a free port, -1 = no RTMP ingest). */
  RTMP_PORT: z.coerce.number().int().min(-1).max(65535).default(1935),
  /** E2E only (never production): a private-show billing "minute" lasts this many seconds. */
  STREAMING_TEST_MINUTE_SECONDS: z.coerce.number().int().min(1).max(60).optional(),
  // Realtime limits (docs/security.md, issue 23 item 17). Counters are shared through Redis when REDIS_URL is set.
  /** Open sockets per client address on one node; more are refused at connect. */
  SOCKETS_PER_IP: z.coerce.number().int().min(1).default(50),
  /** The largest socket message (socket.io maxHttpBufferSize); above a browser broadcast chunk (docs/streaming.md). */
  SOCKET_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(1024 * 1024),
  /** Client-to-server socket events per window per account (an address gets five times as many). */
  SOCKET_EVENTS_MAX: z.coerce.number().int().min(1).default(600),
  SOCKET_EVENTS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Stream chat lines per window per account (an address gets five times as many). */
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CHAT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(10),
  // Accounts and identity (modules/auth, identity, social)
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  TWITTER_CONSUMER_KEY: z.string().optional(),
  TWITTER_CONSUMER_SECRET: z.string().optional(),
  TWITTER_API_URL: z.string().url().default('https://api.twitter.com'),
  IDENTITY_PROVIDER: z.enum(['manual', 'yoti']).default('manual'),
  YOTI_BASE_URL: z.string().url().default('https://api.yoti.com/idverify/v1'),
  YOTI_CLIENT_SDK_ID: z.string().optional(),
  /** PEM private key of the Yoti application, or a path to it. */
  YOTI_KEY: z.string().optional(),
  /**
   * Yoti's Age Verification Service for fans (issue 27, docs/compliance.md "Age assurance"):
   * API base, the user view the browser opens, and the Hub's SDK id and API key (bearer).
   */
  YOTI_AGE_API_URL: z.string().url().default('https://age.yoti.com/api/v1'),
  YOTI_AGE_VIEW_URL: z.string().url().default('https://age.yoti.com'),
  YOTI_AGE_SDK_ID: z.string().optional(),
  YOTI_AGE_API_KEY: z.string().optional(),
  /**
   * The built-in Yoti sandbox peer (/api/yoti-sandbox): the demo's offline stand-in for Yoti.
   * Default: on when the demo is seeded and no Yoti age key is set. Never trust it in production.
   */
  YOTI_AGE_SANDBOX: bool.optional(),
  /** Auth rate limits: attempts per window per IP and per account. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Web Push (docs/pwa.md): VAPID keys (base64url); without them a pair is made once under DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The contact push services see (mailto: or https:); default mailto:ADMIN_EMAIL. */
  VAPID_SUBJECT: z.string().optional(),
  /** Push services the server will POST to (host suffixes, comma-separated): endpoints elsewhere are refused. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com'),
  // Segpay (docs/payments.md, "Segpay"): hosted payment pages, postbacks, SRS web services
  /** The package that holds the dynamic price points (`x-eticketid` = package:price point). */
  SEGPAY_PACKAGE_ID: z.string().optional(),
  /** The Dynamic Pricing price point: single charges (top-ups, purchases) at any amount in its range. */
  SEGPAY_PRICE_POINT_ID: z.string().optional(),
  /** The Dynamic Recurring Billing price point: memberships Segpay rebills (subscriptions). */
  SEGPAY_RECURRING_PRICE_POINT_ID: z.string().optional(),
  /** Merchant id sent to the Dynamic Pricing service. */
  SEGPAY_MERCHANT_ID: z.string().optional(),
  /** Segpay Reporting Services (SRS) user id and access key: pricing hashes, cancel, expire, refund. */
  SEGPAY_USER_ID: z.string().optional(),
  SEGPAY_ACCESS_KEY: z.string().optional(),
  /** The secret our postback URLs carry (`?key=`): Segpay postbacks are not signed. */
  SEGPAY_POSTBACK_KEY: z.string().optional(),
  /** Addresses postbacks may come from (IPs or CIDR ranges, comma-separated); empty: any address with the key. */
  SEGPAY_POSTBACK_IPS: ipListSchema('SEGPAY_POSTBACK_IPS').optional(),
  SEGPAY_PAYMENT_URL: z.string().url().default('https://secure2.segpay.com/billing/poset.cgi'),
  SEGPAY_SRS_URL: z.string().url().default('https://srs.segpay.com'),
  /** The Dynamic Recurring Billing pricing call (given by Segpay tech support with the price point). */
  SEGPAY_RECURRING_PRICING_URL: z
    .string()
    .url()
    .default('https://srs.segpay.com/MerchantServices/DynamicRecurringPricing/'),
  // CCBill (docs/payments.md "CCBill"): FlexForms dynamic pricing, webhooks, DataLink
  /** The 6-digit main merchant account number (clientAccnum). */
  CCBILL_CLIENT_ACCNUM: z
    .string()
    .regex(/^\d{6}$/, 'CCBILL_CLIENT_ACCNUM: the 6-digit account number')
    .optional(),
  /** The 4-digit subaccount enabled for dynamic pricing (clientSubacc). */
  CCBILL_CLIENT_SUBACC: z
    .string()
    .regex(/^\d{4}$/, 'CCBILL_CLIENT_SUBACC: the 4-digit subaccount')
    .optional(),
  /** The Flex ID of the FlexForms payment flow (a UUID from the CCBill Admin). */
  CCBILL_FLEX_ID: z.string().optional(),
  /** The subaccount's encryption key (salt) for formDigest. */
  CCBILL_SALT: z.string().optional(),
  CCBILL_DATALINK_USERNAME: z.string().optional(),
  CCBILL_DATALINK_PASSWORD: z.string().optional(),
  /** The secret last path segment of the webhook URL given to CCBill (its webhooks are not signed). */
  CCBILL_WEBHOOK_SECRET: z.string().optional(),
  /** Where webhooks may come from: addresses, CIDR blocks or `first-last` ranges, comma separated (CCBill's published ranges by default). */
  CCBILL_WEBHOOK_IPS: ipListSchema('CCBILL_WEBHOOK_IPS').default(
    '64.38.212.1-64.38.212.254,64.38.215.1-64.38.215.254,64.38.240.1-64.38.240.254,64.38.241.1-64.38.241.254',
  ),
  /** FlexForms base (a local peer in tests). */
  CCBILL_FLEXFORMS_URL: z.string().url().default('https://api.ccbill.com/wap-frontflex/flexforms'),
  /** DataLink host serving /utils/subscriptionManagement.cgi (a local peer in tests). */
  CCBILL_DATALINK_URL: z.string().url().default('https://datalink.ccbill.com'),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  /** The PGlite directory of earlier versions (only to detect it and carry it over). */
  dbDir: string;
  /** The embedded PostgreSQL cluster. */
  postgresDir: string;
  mediaDir: string;
  secretKey: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.MARQUEE_E2E_CLOCK && c.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  MARQUEE_E2E_CLOCK: time travel is for end-to-end tests, never production',
    );
  }
  if (c.STREAMING_TEST_MINUTE_SECONDS && c.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  STREAMING_TEST_MINUTE_SECONDS: short billing minutes are for end-to-end tests, never production',
    );
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    postgresDir: path.join(dataDir, 'postgres'),
    mediaDir: path.join(dataDir, 'media'),
    // Without a configured key, a random key is made and kept under DATA_DIR (see lib/secret.ts).
    secretKey: c.SECRET_KEY ?? '',
  };
}
