import fs from 'node:fs';
import { DATA_EXPORT_TTL_DAYS, type DataExport } from '@marquee/shared';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { DataExportRow } from '../../db/schema';
import { appError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { en } from '../../lib/i18n/en';
import { verifyPassword } from '../../lib/passwords';
import { hmac, safeEqual } from '../../lib/secret';
import { storageFor } from '../../lib/storage';
import { isAdmin } from '../../plugins/auth';
import { audit } from '../audit';
import { findUserById } from '../users';
import { eraseAccount } from './privacy.erase';
import { buildExportZip } from './privacy.export';
import { expiredExports, findExport, insertExport, listExports, openExport, updateExport } from './privacy.repo';
import { registerRetentionJob } from './privacy.retention';

export const EXPORT_JOB = 'privacy.export';
export const EXPORT_CLEANUP_JOB = 'privacy.export-cleanup';
const TTL_MS = DATA_EXPORT_TTL_DAYS * 24 * 60 * 60 * 1000;

const signature = (ctx: Ctx, id: string, exp: number) => hmac(ctx.config.secretKey, `data-export:${id}:${exp}`);

export function presentExport(ctx: Ctx, row: DataExportRow): DataExport {
  const live = row.status === 'ready' && row.expiresAt && row.expiresAt > ctx.now();
  const exp = row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : 0;
  return {
    _id: row.id,
    status: row.status,
    progress: row.progress,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: live ? `/api/privacy/exports/${row.id}/download?exp=${exp}&sig=${signature(ctx, row.id, exp)}` : null,
  };
}

const exportInProgress = () => conflict(en['error.exportInProgress'], 'EXPORT_IN_PROGRESS');

/**
 * Queues an export of the account; admins may ask for someone else's. One open export per account:
 * the database's partial unique index decides between concurrent requests, the others get a 409.
 */
export async function requestExport(
  ctx: Ctx,
  userId: string,
  by: { actorId: string; reason?: string; ip?: string | null },
) {
  if (await openExport(ctx.db, userId)) throw exportInProgress();
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await insertExport(tx, { id: newId(), userId, requestedById: by.actorId });
    if (!saved) throw exportInProgress();
    if (by.actorId !== userId) {
      await audit(ctx, tx, {
        actorId: by.actorId,
        action: 'user.export',
        targetType: 'user',
        targetId: userId,
        reason: by.reason ?? null,
        ip: by.ip ?? null,
      });
    }
    return saved;
  });
  await ctx.jobs.send(EXPORT_JOB, { exportId: row.id });
  return row;
}

export const exportsFor = (ctx: Ctx, userId: string) => listExports(ctx.db, userId);

export async function runExport(ctx: Ctx, exportId: string) {
  const row = await findExport(ctx.db, exportId);
  if (!row || row.status === 'ready') return;
  await updateExport(ctx.db, row.id, { status: 'running', progress: 0, error: null });
  let tmp: string | null = null;
  try {
    const { file, dir } = await buildExportZip(ctx, row.userId, (progress) =>
      updateExport(ctx.db, row.id, { progress: Math.min(progress, 99) }).then(() => undefined),
    );
    tmp = dir;
    const size = (await fs.promises.stat(file)).size;
    const key = `exports/${row.userId}/${row.id}.zip`;
    await storageFor(ctx.config).putFile(key, file, 'application/zip');
    const now = ctx.now();
    await updateExport(ctx.db, row.id, {
      status: 'ready',
      progress: 100,
      storageKey: key,
      size,
      completedAt: now,
      expiresAt: new Date(now.getTime() + TTL_MS),
    });
  } catch (err) {
    ctx.log.error({ err, exportId }, 'data export failed');
    await updateExport(ctx.db, row.id, { status: 'failed', error: 'The export could not be prepared' });
    throw err;
  } finally {
    if (tmp) await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}

/** The signed link: no session needed (a download from a mail or another device), 7 days. */
export async function openDownload(ctx: Ctx, id: string, q: { exp: number; sig: string }) {
  if (!safeEqual(q.sig, signature(ctx, id, q.exp))) throw forbidden(msg('error.privacy.linkInvalid'));
  const row = await findExport(ctx.db, id);
  if (row?.status !== 'ready' || !row.storageKey) throw notFound('Export');
  if (q.exp * 1000 < ctx.now().getTime() || !row.expiresAt || row.expiresAt <= ctx.now()) {
    throw appError(410, 'EXPIRED', msg('error.privacy.linkExpired'));
  }
  return {
    stream: await storageFor(ctx.config).read(row.storageKey),
    size: row.size,
    name: `marquee-export-${row.createdAt.toISOString().slice(0, 10)}.zip`,
  };
}

export async function cleanupExpiredExports(ctx: Ctx) {
  for (const row of await expiredExports(ctx.db, ctx.now())) {
    if (row.storageKey)
      await storageFor(ctx.config)
        .delete(row.storageKey)
        .catch(() => undefined);
    await updateExport(ctx.db, row.id, { storageKey: null });
  }
}

/** Self-service erasure: the password proves it is the person, not someone at an open session. */
export async function eraseSelf(ctx: Ctx, userId: string, password: string, ip: string | null) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  if (!user.passwordHash) {
    throw badRequest(msg('error.privacy.noPassword'), 'NO_PASSWORD');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(msg('error.privacy.wrongPassword'), 'INVALID_PASSWORD', [
      { field: 'password', message: 'Incorrect password' },
    ]);
  }
  if (isAdmin(user)) throw forbidden(msg('error.privacy.adminCannotDeleteSelf'));
  return eraseAccount(ctx, userId, { actorId: userId, ip });
}

export async function eraseByAdmin(ctx: Ctx, adminId: string, userId: string, reason: string, ip: string | null) {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.erasedAt) throw notFound('User');
  if (user.id === adminId) throw forbidden(msg('error.privacy.eraseOwnAdmin'));
  return eraseAccount(ctx, userId, { actorId: adminId, reason, ip });
}

export async function exportByAdmin(ctx: Ctx, adminId: string, userId: string, reason: string, ip: string | null) {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.erasedAt) throw notFound('User');
  return requestExport(ctx, userId, { actorId: adminId, reason, ip });
}

export function registerPrivacyJobs(ctx: Ctx) {
  ctx.jobs.work<{ exportId: string }>(EXPORT_JOB, (job) => runExport(ctx, job.exportId));
  ctx.jobs.work(EXPORT_CLEANUP_JOB, () => cleanupExpiredExports(ctx));
  ctx.jobs.schedule(EXPORT_CLEANUP_JOB, '17 3 * * *');
  registerRetentionJob(ctx);
}
