import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config';
import { badRequest } from '../../../lib/errors';
import { sniff } from '../../../lib/media/sniff';

/**
 * The built-in provider, for operators without a vendor contract: the fan uploads a photo of an
 * ID document and a selfie, an admin compares them and decides. The two images are encrypted at
 * rest (AES-256-GCM, key derived from SECRET_KEY) under DATA_DIR/age-assurance/<check id>/, outside
 * the media root (no media route can reach them), shown to admins only, and deleted once decided
 * (setting ageAssuranceDeleteFiles).
 */
export const BUILTIN_METHOD = 'ID_DOCUMENT_AND_SELFIE';
export type BuiltinFile = 'document' | 'selfie';
const MAX_BYTES = 10 * 1024 * 1024;

const keyOf = (secret: string) => crypto.createHash('sha256').update(`age-assurance-files:${secret}`).digest();
const dirOf = (config: Pick<Config, 'dataDir'>, checkId: string) =>
  path.join(config.dataDir, 'age-assurance', checkId.replace(/[^0-9a-f-]/gi, ''));

export const BUILTIN_MAX_BYTES = MAX_BYTES;

/** The image's type from its bytes, or a 4xx naming the field. */
export async function checkImage(bytes: Buffer, field: BuiltinFile) {
  if (bytes.length === 0 || bytes.length > MAX_BYTES)
    throw badRequest(`The ${field} must be an image of at most 10 MB`, 'VALIDATION_ERROR');
  const found = await sniff(bytes.subarray(0, 64 * 1024), ['photo']);
  if (!found) throw badRequest(`The ${field} must be a photo (JPEG, PNG, WebP…)`, 'UNSUPPORTED_MEDIA_TYPE');
  return found.mime;
}

export async function storeEncrypted(
  config: Pick<Config, 'dataDir' | 'secretKey'>,
  checkId: string,
  field: BuiltinFile,
  bytes: Buffer,
): Promise<string> {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(config.secretKey), iv);
  const data = Buffer.concat([cipher.update(bytes), cipher.final()]);
  const dir = dirOf(config, checkId);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(dir, `${field}.enc`), Buffer.concat([iv, cipher.getAuthTag(), data]), { mode: 0o600 });
  return `${checkId}/${field}`;
}

export async function readDecrypted(
  config: Pick<Config, 'dataDir' | 'secretKey'>,
  checkId: string,
  field: BuiltinFile,
): Promise<Buffer | null> {
  const raw = await fs.readFile(path.join(dirOf(config, checkId), `${field}.enc`)).catch(() => null);
  if (!raw || raw.length < 28) return null;
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(config.secretKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

export function deleteFiles(config: Pick<Config, 'dataDir'>, checkId: string) {
  return fs.rm(dirOf(config, checkId), { recursive: true, force: true });
}
