import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { BUILTIN_MAX_BYTES, type BuiltinFile } from './providers/builtin';

/** Reads the built-in check's two images (fields document and selfie) into memory (10 MB each at most). */
export async function readBuiltinUpload(req: FastifyRequest): Promise<Record<BuiltinFile, Buffer>> {
  if (!req.isMultipart()) throw badRequest('Send the document and selfie as multipart/form-data');
  const out: Partial<Record<BuiltinFile, Buffer>> = {};
  for await (const part of req.parts({ limits: { fileSize: BUILTIN_MAX_BYTES, files: 2 } })) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    if (part.fieldname === 'document' || part.fieldname === 'selfie') out[part.fieldname] = bytes;
  }
  if (!out.document || !out.selfie)
    throw badRequest('Both a document photo and a selfie are needed', 'VALIDATION_ERROR');
  return out as Record<BuiltinFile, Buffer>;
}
