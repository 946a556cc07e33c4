import crypto from 'node:crypto';
import argon2 from 'argon2';

/** Prefix of a password the client already hashed (spec §5 "passwords are optionally hashed on the client"). */
export const CLIENT_HASH_PREFIX = 'sha256:';
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The value argon2 sees: SHA-256 (hex) of the password. A client that hashes on
 * its side sends `sha256:<hex>` and arrives at the same value, so the setting
 * `clientSidePasswordHashing` can be switched on or off without locking anyone out.
 */
export function passwordCredential(input: string): string {
  if (input.startsWith(CLIENT_HASH_PREFIX)) {
    const hex = input.slice(CLIENT_HASH_PREFIX.length).toLowerCase();
    if (HEX64.test(hex)) return hex;
  }
  return crypto.createHash('sha256').update(input, 'utf8').digest('hex');
}

export const isClientHashed = (input: string): boolean =>
  input.startsWith(CLIENT_HASH_PREFIX) && HEX64.test(input.slice(CLIENT_HASH_PREFIX.length).toLowerCase());

/** argon2id with the library's recommended cost. */
export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(passwordCredential(password), { type: argon2.argon2id });

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, passwordCredential(password));
  } catch {
    return false;
  }
}
