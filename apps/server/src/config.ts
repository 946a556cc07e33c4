import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads, validated once at start. `.env.example` documents each. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: bool.default(true),
  SEED_WAIT_FOR_MEDIA: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SECRET_KEY: z.string().min(16, 'SECRET_KEY must be at least 16 characters').optional(),
  TRUST_PROXY: bool.default(false),
  GEO_IP_HEADER: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  JOBS_IN_PROCESS: bool.default(true),
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
  // Payments
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends API calls (default Stripe's own; a local test peer or stripe-mock in tests). */
  STRIPE_API_URL: z.string().url().optional(),
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
  /** Auth rate limits: attempts per window per IP and per account. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  dbDir: string;
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
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    mediaDir: path.join(dataDir, 'media'),
    // Without a configured key, a random key is made and kept under DATA_DIR (see lib/secret.ts).
    secretKey: c.SECRET_KEY ?? '',
  };
}
