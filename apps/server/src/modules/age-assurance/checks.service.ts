import type { Ctx } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { decideCheck, findCheck, insertCheck, latestCheck, pendingReviews, setCheckFields } from './assurance.repo';
import {
  assertOffered,
  assertOwnCheck,
  auditDecision,
  holderOf,
  type Requester,
  resetAssuranceCache,
} from './assurance.service';
import {
  BUILTIN_METHOD,
  type BuiltinFile,
  checkImage,
  deleteFiles,
  readDecrypted,
  storeEncrypted,
} from './providers/builtin';
import { yotiProvider } from './providers/yoti';

/** Opens a Yoti session for this account or browser session; the browser goes to `url`. */
export async function startYoti(ctx: Ctx, r: Requester, origin: string, returnPath: string) {
  await assertOffered(ctx, 'yoti');
  const row = await insertCheck(ctx.db, { ...holderOf(r), provider: 'yoti', createdAt: ctx.now() });
  const callbackUrl = `${origin}/age-check/return?check=${row.id}&next=${encodeURIComponent(returnPath)}`;
  const session = await yotiProvider.startCheck(ctx, { referenceId: row.id, callbackUrl });
  await setCheckFields(ctx.db, row.id, { externalId: session.externalId });
  return { _id: row.id, url: session.url };
}

/** Asks the vendor for a check's verdict (server-side) and records it; a decided check stays decided. */
export async function refreshCheck(ctx: Ctx, r: Requester, id: string) {
  let row = assertOwnCheck(await findCheck(ctx.db, id), r);
  if (row.status === 'pending' && row.provider === 'yoti' && row.externalId) {
    const outcome = await yotiProvider.fetchResult(ctx, row.externalId);
    if (outcome.status !== 'pending') {
      row =
        (await decideCheck(ctx.db, row.id, { status: outcome.status, method: outcome.method, decidedAt: ctx.now() })) ??
        row;
      resetAssuranceCache();
    }
  }
  return { _id: row.id, provider: row.provider, status: row.status, method: row.method };
}

/** The built-in provider: a photo of an ID document and a selfie, encrypted, for an admin to review. */
export async function submitBuiltin(ctx: Ctx, userId: string, files: Record<BuiltinFile, Buffer>) {
  await assertOffered(ctx, 'builtin');
  await checkImage(files.document, 'document');
  await checkImage(files.selfie, 'selfie');
  if (await latestCheck(ctx.db, { userId }, 'pending'))
    throw conflict('An age check of this account is already waiting for review', 'REQUEST_PENDING');
  const row = await insertCheck(ctx.db, { userId, provider: 'builtin', method: BUILTIN_METHOD, createdAt: ctx.now() });
  const documentKey = await storeEncrypted(ctx.config, row.id, 'document', files.document);
  const selfieKey = await storeEncrypted(ctx.config, row.id, 'selfie', files.selfie);
  await setCheckFields(ctx.db, row.id, { documentKey, selfieKey });
  return { _id: row.id, provider: row.provider, status: row.status, method: row.method };
}

export async function builtinQueue(ctx: Pick<Ctx, 'db'>) {
  const rows = await pendingReviews(ctx.db);
  return rows.map((r) => ({
    _id: r.id,
    user: { _id: r.userId, username: r.username, name: r.name },
    createdAt: r.createdAt.toISOString(),
    documentUrl: r.documentKey ? `/api/admin/age-assurance/${r.id}/files/document` : null,
    selfieUrl: r.selfieKey ? `/api/admin/age-assurance/${r.id}/files/selfie` : null,
  }));
}

export async function builtinFile(ctx: Pick<Ctx, 'db' | 'config'>, id: string, field: BuiltinFile) {
  const row = await findCheck(ctx.db, id);
  if (row?.provider !== 'builtin' || !(field === 'document' ? row.documentKey : row.selfieKey)) throw notFound('File');
  const bytes = await readDecrypted(ctx.config, id, field);
  if (!bytes) throw notFound('File');
  return { bytes, mime: await checkImage(bytes, field) };
}

/** An admin decides a built-in check; the encrypted files are deleted then (setting ageAssuranceDeleteFiles). */
export async function reviewBuiltin(ctx: Ctx, adminId: string, id: string, approve: boolean) {
  const row = await findCheck(ctx.db, id);
  if (row?.provider !== 'builtin') throw notFound('Age check');
  const decided = await ctx.db.transaction(async (tx) => {
    const d = await decideCheck(tx, id, {
      status: approve ? 'assured' : 'failed',
      decidedAt: ctx.now(),
      decidedBy: adminId,
    });
    if (!d) throw conflict('This age check was decided already', 'REVIEW_DECIDED');
    await auditDecision(ctx, tx, d, adminId);
    return d;
  });
  if (await ctx.settings.get('ageAssuranceDeleteFiles')) {
    await deleteFiles(ctx.config, id);
    await setCheckFields(ctx.db, id, { documentKey: null, selfieKey: null });
  }
  resetAssuranceCache();
  return { _id: decided.id, provider: decided.provider, status: decided.status, method: decided.method };
}
