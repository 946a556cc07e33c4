import crypto from 'node:crypto';
import type { Config } from '../../config';

/**
 * Service secrets an admin may set from the console (write-only): each overrides
 * the environment variable it names. Stored encrypted (AES-256-GCM with a key
 * derived from SECRET_KEY) in the settings table under `secret:<name>`; never
 * returned by any API, never written to the audit log.
 */
export const SECRET_SETTINGS = {
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** smtp://user:password@host:587 (smtps:// for implicit TLS). */
  smtpUrl: 'SMTP_URL',
  s3AccessKeyId: 'S3_ACCESS_KEY_ID',
  s3SecretAccessKey: 'S3_SECRET_ACCESS_KEY',
  agoraAppId: 'AGORA_APP_ID',
  agoraAppCertificate: 'AGORA_APP_CERTIFICATE',
  verotelSignatureKey: 'VEROTEL_SIGNATURE_KEY',
  verotelApiPassword: 'VEROTEL_API_PASSWORD',
  segpayAccessKey: 'SEGPAY_ACCESS_KEY',
  segpayPostbackKey: 'SEGPAY_POSTBACK_KEY',
  ccbillSalt: 'CCBILL_SALT',
  ccbillDatalinkPassword: 'CCBILL_DATALINK_PASSWORD',
  ccbillWebhookSecret: 'CCBILL_WEBHOOK_SECRET',
} as const satisfies Record<string, keyof Config>;

export type SecretName = keyof typeof SECRET_SETTINGS;
export const SECRET_NAMES = Object.keys(SECRET_SETTINGS) as SecretName[];
export const SECRET_PREFIX = 'secret:';
export const isSecretName = (k: string): k is SecretName => k in SECRET_SETTINGS;

const keyOf = (secretKey: string) => crypto.createHash('sha256').update(`settings-secrets:${secretKey}`).digest();

export function sealSecret(secretKey: string, value: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64'))).join('.');
}

/** The stored value opened, or null when it cannot be (SECRET_KEY changed): the environment value then applies. */
export function openSecret(secretKey: string, sealed: unknown): string | null {
  if (typeof sealed !== 'string') return null;
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The secrets stored in the settings table, opened. */
export function storedSecrets(secretKey: string, stored: Record<string, unknown>): Partial<Record<SecretName, string>> {
  const out: Partial<Record<SecretName, string>> = {};
  for (const name of SECRET_NAMES) {
    const value = openSecret(secretKey, stored[SECRET_PREFIX + name]);
    if (value) out[name] = value;
  }
  return out;
}

/** The environment's config with the stored secrets laid over it. */
export function withSecrets(base: Config, secrets: Partial<Record<SecretName, string>>): Config {
  const over = Object.fromEntries(Object.entries(secrets).map(([k, v]) => [SECRET_SETTINGS[k as SecretName], v]));
  return { ...base, ...over };
}
