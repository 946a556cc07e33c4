import crypto from 'node:crypto';
import { authenticator } from 'otplib';

// One step either side of now: phones whose clocks drift by up to 30 s still work.
authenticator.options = { window: 1, step: 30 };

/** Secrets are kept encrypted (AES-256-GCM with a key derived from SECRET_KEY), never in clear in the database. */
function key(secretKey: string): Buffer {
  return crypto.createHash('sha256').update(`totp:${secretKey}`).digest();
}

export function encryptTotpSecret(secretKey: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(secretKey), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptTotpSecret(secretKey: string, stored: string): string {
  const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(secretKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return authenticator.keyuri(account, issuer, secret);
}

/** For tests and the setup screen's self-check. */
export function currentTotpCode(secret: string): string {
  return authenticator.generate(secret);
}

/**
 * Checks a code and returns the time step it belongs to, or null. The caller
 * refuses steps at or before the last accepted one (no replay).
 */
export function checkTotp(secret: string, code: string): number | null {
  const delta = authenticator.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(Date.now() / 30_000) + delta;
}
