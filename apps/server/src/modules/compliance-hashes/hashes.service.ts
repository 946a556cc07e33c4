import path from 'node:path';
import type { HashListKind } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type HashHit, type HashKind, hashLists, hashMatches, type PdqFrame, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { PdqSet } from '../../lib/hashing/hamming';
import { msg } from '../../lib/i18n';
import { publicOrigin } from '../../lib/public-origin';
import type { Storage } from '../../lib/storage';
import { createLocalStorage } from '../../lib/storage/local';
import { audit } from '../audit';
import { revokeUserSessions } from '../auth';
import { recordDecision } from '../decisions';
import { exactHashes, photoPdq, videoFramePdq } from './hashes.compute';
import { parseHashList } from './hashes.parse';
import { suspendsOnMatch } from './hashes.policy';
import {
  addEntries,
  allPdqEntries,
  exactEntries,
  expiredEvidence,
  findHashList,
  findMatch,
  hashesOfMedia,
  listsVersion,
  removedList,
  saveMediaHashes,
} from './hashes.repo';
import { cyberTiplineDraft } from './hashes.report';

/** Meta: discard PDQ hashes of quality ≤ 49 (featureless images match each other). */
export const MIN_PDQ_QUALITY = 50;

export interface FileHashes {
  sha256: string;
  md5: string;
  pdq: PdqFrame[];
}

/** The restricted evidence store: its own folder, outside the media root no route reads from. */
export function evidenceStore(ctx: Pick<Ctx, 'config'>): Storage {
  return createLocalStorage(path.join(ctx.config.dataDir, 'evidence'));
}

// ---------------------------------------------------------------- matching

type PdqTag = { listId: string; listName: string; source: 'operator' | 'removed'; value: string };
let pdqIndex: { version: string; set: PdqSet<PdqTag> } | null = null;

/** Every PDQ entry of every list, packed in memory; rebuilt when a list changes (one small query per check). */
async function pdqSet(ctx: Ctx): Promise<PdqSet<PdqTag>> {
  const version = await listsVersion(ctx.db);
  if (pdqIndex?.version !== version) {
    const rows = await allPdqEntries(ctx.db);
    pdqIndex = {
      version,
      set: new PdqSet(
        rows.map((r) => ({
          hex: r.value,
          threshold: r.threshold,
          tag: { listId: r.listId, listName: r.listName, source: r.source, value: r.value },
        })),
      ),
    };
  }
  return pdqIndex.set;
}

/** The lists a file's hashes are on: exact kinds by equality (indexed), PDQ within each list's threshold. */
export async function matchHashes(ctx: Ctx, h: FileHashes): Promise<HashHit[]> {
  const hits: HashHit[] = (await exactEntries(ctx.db, h.sha256, h.md5)).map((r) => ({
    listId: r.listId,
    listName: r.listName,
    source: r.source,
    kind: r.kind,
    value: r.value,
    distance: 0,
  }));
  const frames = h.pdq.filter((f) => f.quality >= MIN_PDQ_QUALITY);
  if (frames.length) {
    const set = await pdqSet(ctx);
    for (const f of frames) {
      for (const { tag, distance } of set.near(f.hash)) {
        hits.push({ ...tag, kind: 'pdq', distance, ...(f.at !== undefined ? { at: f.at } : {}) });
      }
    }
  }
  // One hit per list entry, the closest frame.
  const best = new Map<string, HashHit>();
  for (const hit of hits.sort((a, b) => a.distance - b.distance)) {
    const k = `${hit.listId}:${hit.kind}:${hit.value}`;
    if (!best.has(k)) best.set(k, hit);
  }
  return [...best.values()];
}

// ---------------------------------------------------------------- the upload hook

export interface ScreenedFile {
  id: string;
  tmpFile: string;
  kind: 'photo' | 'video' | 'audio' | 'document';
  mime: string;
  ext: string;
  size: number;
  originalName: string;
  duration?: number;
}

/**
 * Called by the media pipeline for every upload before anything is stored: hashes each file
 * (SHA-256 and MD5 always, PDQ for photos and sampled video frames) and compares them with every
 * list. A match blocks the whole upload: the file goes to the evidence store, the uploader is
 * suspended, a report is drafted, and the request fails with 422 UPLOAD_BLOCKED.
 * Returns the hashes to keep with the media rows.
 */
export async function screenUploads(
  ctx: Ctx,
  req: FastifyRequest,
  ownerId: string,
  files: ScreenedFile[],
): Promise<Map<string, FileHashes>> {
  const out = new Map<string, FileHashes>();
  for (const f of files) {
    const exact = await exactHashes(f.tmpFile);
    const pdq =
      f.kind === 'photo'
        ? await photoPdq(f.tmpFile).catch(() => [])
        : f.kind === 'video'
          ? await videoFramePdq(ctx.config.FFMPEG_PATH, f.tmpFile, f.duration ?? 0)
          : [];
    const hashes = { ...exact, pdq };
    const hits = await matchHashes(ctx, hashes);
    if (hits.length) {
      await blockUpload(ctx, req, ownerId, f, hashes, hits);
      throw new AppError(422, `"${f.originalName}" cannot be uploaded`, 'UPLOAD_BLOCKED');
    }
    out.set(f.id, hashes);
  }
  return out;
}

export async function keepMediaHashes(ctx: Ctx, hashes: Map<string, FileHashes>) {
  await saveMediaHashes(
    ctx.db,
    [...hashes].map(([mediaId, h]) => ({ mediaId, ...h })),
  );
}

/** Evidence, suspension pending review, audit and the report draft, in one transaction after the bytes are kept. */
async function blockUpload(
  ctx: Ctx,
  req: FastifyRequest,
  ownerId: string,
  f: ScreenedFile,
  h: FileHashes,
  hits: HashHit[],
) {
  const id = newId();
  const at = ctx.now();
  const key = `${id}/${h.sha256}.${f.ext}`;
  await evidenceStore(ctx).putFile(key, f.tmpFile, f.mime);
  const settings = await ctx.settings.all();
  const retainUntil = new Date(at.getTime() + settings.evidenceRetentionDays * 86_400_000);
  const ip = req.ip ?? null;
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, ownerId));
    const report = cyberTiplineDraft({
      at,
      site: { name: settings.siteName, url: publicOrigin(ctx.config, req) },
      contact: { name: settings.complianceContactName, email: settings.complianceContactEmail },
      user: user
        ? { id: user.id, username: user.username ?? '', name: user.name, email: user.email, role: user.role }
        : { id: ownerId, username: '', name: '', email: null, role: '' },
      ip,
      file: { name: f.originalName, mime: f.mime, size: f.size, sha256: h.sha256, md5: h.md5 },
      hits,
    });
    await tx.insert(hashMatches).values({
      id,
      userId: user?.id ?? null,
      username: user?.username ?? '',
      email: user?.email ?? null,
      ip,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      uploadedAt: at,
      originalName: f.originalName,
      mimeType: f.mime,
      size: f.size,
      sha256: h.sha256,
      md5: h.md5,
      pdq: h.pdq,
      hits,
      evidenceKey: key,
      retainUntil,
      report,
      createdAt: at,
    });
    const lists = [...new Set(hits.map((x) => x.listName))].join(', ');
    await audit(ctx, tx, {
      actorId: null,
      action: 'hashes.match',
      targetType: 'hash_match',
      targetId: id,
      after: { userId: ownerId, sha256: h.sha256, hits },
      reason: `Upload matched ${lists}`,
      ip,
    });
    if (user && suspendsOnMatch(user)) {
      await tx.update(users).set({ status: 'suspended', updatedAt: at }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, ctx.bus, user.id);
      await audit(ctx, tx, {
        actorId: null,
        action: 'user.suspend',
        targetType: 'user',
        targetId: user.id,
        before: { status: user.status },
        after: { status: 'suspended' },
        reason: `Pending review: an upload matched a known-abuse hash list (${lists}); match ${id}`,
        ip,
      });
      // Counted as an automated decision; its statement is withheld so the uploader is not tipped off
      // (docs/compliance.md "DSA"): the reactivation after review is the admin's.
      await recordDecision(ctx, tx, {
        userId: user.id,
        kind: 'suspension',
        targetType: 'user',
        targetId: user.id,
        title: user.username ?? '',
        facts: 'An upload matched a list of known illegal material; the account is suspended pending review',
        ground: 'child_safety',
        automated: true,
        decidedById: null,
        data: { withheld: true, matchId: id },
      });
    }
  });
  ctx.log.warn({ matchId: id, userId: ownerId, hits: hits.length }, 'upload blocked by a hash list');
}

// ---------------------------------------------------------------- lists

export async function loadHashList(
  ctx: Ctx,
  actorId: string,
  ip: string | null,
  body: { name: string; kind: HashListKind; threshold: number; content: string },
) {
  const parsed = parseHashList(body.content, body.kind);
  if (parsed.entries.length === 0) {
    throw badRequest(
      `No ${body.kind.toUpperCase()} hash was found in the file (${parsed.skippedLines.length} lines without one)`,
      'HASH_LIST_EMPTY',
    );
  }
  const id = newId();
  const at = ctx.now();
  const added = await ctx.db.transaction(async (tx) => {
    await tx.insert(hashLists).values({
      id,
      name: body.name,
      kind: body.kind,
      threshold: body.threshold,
      createdBy: actorId,
      createdAt: at,
      updatedAt: at,
    });
    const n = await addEntries(
      tx,
      id,
      parsed.entries.map((e) => ({ kind: body.kind as HashKind, ...e })),
      at,
    );
    await audit(ctx, tx, {
      actorId,
      action: 'hashes.list_load',
      targetType: 'hash_list',
      targetId: id,
      after: { name: body.name, kind: body.kind, threshold: body.threshold, entries: n },
      ip,
    });
    return n;
  });
  return {
    list: (await findHashList(ctx.db, id))!,
    added,
    duplicates: parsed.entries.length - added,
    skipped: parsed.skippedLines.length,
    skippedLines: parsed.skippedLines.slice(0, 20),
  };
}

export async function updateHashList(
  ctx: Ctx,
  actorId: string,
  ip: string | null,
  id: string,
  body: { name?: string; threshold?: number },
) {
  return ctx.db.transaction(async (tx) => {
    const before = await findHashList(tx, id);
    if (!before) throw notFound('Hash list');
    const [after] = await tx
      .update(hashLists)
      .set({ ...body, updatedAt: ctx.now() })
      .where(eq(hashLists.id, id))
      .returning();
    await audit(ctx, tx, {
      actorId,
      action: 'hashes.list_update',
      targetType: 'hash_list',
      targetId: id,
      before: { name: before.name, threshold: before.threshold },
      after: { name: after.name, threshold: after.threshold },
      ip,
    });
    return after;
  });
}

export async function deleteHashList(ctx: Ctx, actorId: string, ip: string | null, id: string) {
  await ctx.db.transaction(async (tx) => {
    const list = await findHashList(tx, id);
    if (!list) throw notFound('Hash list');
    if (list.source === 'removed') throw badRequest(msg('error.hashes.builtInList'), 'HASH_LIST_BUILT_IN');
    await tx.delete(hashLists).where(eq(hashLists.id, id));
    await audit(ctx, tx, {
      actorId,
      action: 'hashes.list_delete',
      targetType: 'hash_list',
      targetId: id,
      before: { name: list.name, kind: list.kind, entries: list.entryCount },
      ip,
    });
  });
}

/**
 * A takedown puts the item's media hashes on the built-in "removed by this site" list, so the
 * same file (exact) or a near copy (PDQ) uploaded again is caught. Runs in the takedown's
 * transaction. Low-quality PDQ hashes (flat images) are left out: they would match any flat image.
 */
export async function addRemovedContent(tx: Executor, at: Date, mediaIds: string[], note: string): Promise<number> {
  const rows = await hashesOfMedia(tx, mediaIds);
  if (rows.length === 0) return 0;
  const list = await removedList(tx);
  const entries = rows.flatMap((r) => [
    { kind: 'sha256' as const, value: r.sha256, note },
    { kind: 'md5' as const, value: r.md5, note },
    ...r.pdq.filter((f) => f.quality >= MIN_PDQ_QUALITY).map((f) => ({ kind: 'pdq' as const, value: f.hash, note })),
  ]);
  return addEntries(tx, list.id, entries, at);
}

// ---------------------------------------------------------------- matches

export async function markReportSent(ctx: Ctx, actorId: string, ip: string | null, id: string, ncmecReportId: string) {
  await ctx.db.transaction(async (tx) => {
    const found = await findMatch(tx, id);
    if (!found) throw notFound('Hash match');
    const at = ctx.now();
    await tx
      .update(hashMatches)
      .set({ reportStatus: 'sent', ncmecReportId, sentAt: at, sentBy: actorId })
      .where(eq(hashMatches.id, id));
    await audit(ctx, tx, {
      actorId,
      action: 'hashes.report_sent',
      targetType: 'hash_match',
      targetId: id,
      before: { reportStatus: found.m.reportStatus },
      after: { reportStatus: 'sent', ncmecReportId },
      ip,
    });
  });
  return (await findMatch(ctx.db, id))!;
}

/** Deletes evidence bytes past their retention (the match row and its hashes stay). Daily job. */
export async function purgeExpiredEvidence(ctx: Ctx): Promise<number> {
  const rows = await expiredEvidence(ctx.db, ctx.now());
  const store = evidenceStore(ctx);
  for (const r of rows) {
    await store.delete(r.key!).catch((err) => ctx.log.warn({ err, matchId: r.id }, 'evidence not deleted'));
    await ctx.db
      .update(hashMatches)
      .set({ evidenceKey: null, evidenceDeletedAt: ctx.now() })
      .where(eq(hashMatches.id, r.id));
  }
  return rows.length;
}

export const EVIDENCE_RETENTION_JOB = 'compliance.evidence-retention';

export function registerHashJobs(ctx: Ctx) {
  ctx.jobs.work(EVIDENCE_RETENTION_JOB, async () => {
    await purgeExpiredEvidence(ctx);
  });
  ctx.jobs.schedule(EVIDENCE_RETENTION_JOB, '41 3 * * *');
}
