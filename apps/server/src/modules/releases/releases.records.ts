import path from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { ReleaseRow } from '../../db/schema';
import { type PdfLine, renderPdf } from '../../lib/pdf';
import { storageFor } from '../../lib/storage';
import { type AdminActor, inAdminTx, toCsv } from '../admin';
import { findCreatorByIdOrUsername, findPerformer } from '../performers';
import { itemsWithMedia, releaseStatusOf } from '../review';
import { RELEASE_TERMS } from './releases.invite';
import * as repo from './releases.repo';

/**
 * §2257 records (issue 26 item 4, docs/compliance.md "§2257 records"): the printable release of
 * each person and, for an inspection, a ZIP per creator or date range with an index CSV, the
 * release PDFs and the copies of the ID documents sent through the built-in provider.
 */

const METHOD: Record<string, string> = {
  manual: 'ID document and selfie reviewed by an admin',
  yoti: 'Yoti identity verification',
  creator: 'Creator account verification',
};

const utc = (d: Date | null | undefined) => (d ? `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC` : '—');

/**
 * The producer as the record names them: from their account, or from the records store once the
 * account was erased (releases.retention.ts).
 */
async function producerOf(db: Executor, creatorId: string) {
  const [ref, p, kept] = await Promise.all([
    findCreatorByIdOrUsername(db, creatorId),
    findPerformer(db, creatorId),
    repo.personRecord(db, creatorId),
  ]);
  if (kept)
    return {
      name: kept.legalName,
      username: kept.aliases || null,
      dob: kept.dateOfBirth,
      verification: kept.verificationStatus,
      erasedAt: kept.erasedAt,
      idDocuments: kept.idDocuments,
    };
  return {
    name: ref?.displayName ?? '',
    username: ref?.username ?? null,
    dob: p?.dateOfBirth ?? null,
    verification: p?.verificationStatus ?? '',
    erasedAt: null,
    idDocuments: [],
  };
}

export async function releasePdf(ctx: Ctx, r: ReleaseRow): Promise<Buffer> {
  const producer = await producerOf(ctx.db, r.creatorId);
  const site = await ctx.settings.get('siteName');
  const field = (label: string, value: string | null | undefined): PdfLine => ({ text: `${label}: ${value || '—'}` });
  const lines: PdfLine[] = [
    { text: `${site} — Model release and consent`, size: 16, bold: true },
    { text: `Release ${r.id} · status: ${releaseStatusOf(r)}`, size: 9, gap: 4 },
    { text: 'Producer', bold: true, gap: 14 },
    field('Creator', `${producer.name} (@${producer.username ?? r.creatorId})`),
    ...(producer.erasedAt ? [field('Account erased', `${utc(producer.erasedAt)} (record kept, §2257)`)] : []),
    { text: 'Content', bold: true, gap: 14 },
    field('Item', `${r.subjectType} ${r.subjectId}${r.title ? ` — ${r.title}` : ''}`),
    field('Date of production', r.productionDate),
    ...Object.entries(r.contentHashes ?? {}).map(([id, h]) => field(`File ${id} SHA-256`, h)),
    { text: 'Performer', bold: true, gap: 14 },
    field('Legal name', r.legalName),
    field('Aliases', r.aliases),
    field('Date of birth', r.dateOfBirth),
    field('ID document', [r.idDocumentType, r.idDocumentNumber].filter(Boolean).join(' ')),
    field(
      'Identity verified',
      `${r.identityStatus} · ${METHOD[r.identityProvider ?? ''] ?? '—'} · ${utc(r.identityCheckedAt)}`,
    ),
    { text: 'Release', bold: true, gap: 14 },
    { text: RELEASE_TERMS, size: 10 },
    { text: 'Signature', bold: true, gap: 14 },
    field('Typed name', r.legalName),
    field('Date', r.signedDate),
    field('Consent box ticked', r.signedAt ? 'yes' : 'no'),
    field('Signed at', utc(r.signedAt)),
    field('IP address', r.signedIp),
    field('Browser', r.signedUserAgent),
  ];
  if (r.revokedAt)
    lines.push({ text: `Consent withdrawn on ${utc(r.revokedAt)}: ${r.revokeReason ?? ''}`, bold: true, gap: 14 });
  return renderPdf(lines, `Model release ${r.id}`);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

const INDEX_HEADER = [
  'release_id',
  'producer_id',
  'producer_username',
  'producer_name',
  'producer_date_of_birth',
  'producer_verification',
  'item_type',
  'item_id',
  'item_title',
  'item_published',
  'date_of_production',
  'performer_legal_name',
  'performer_aliases',
  'performer_date_of_birth',
  'id_document_type',
  'id_document_number_masked',
  'verification_method',
  'verification_date',
  'release_signed_date',
  'release_signed_at',
  'release_ip',
  'content_sha256',
  'status',
  'consent_withdrawn_at',
  'release_pdf',
  'id_document_copies',
];

async function indexRows(db: Executor, rows: ReleaseRow[], files: Map<string, string[]>) {
  const out: Array<Array<string | number | null>> = [];
  const producers = new Map<string, Awaited<ReturnType<typeof producerOf>>>();
  for (const r of rows) {
    if (!producers.has(r.creatorId)) producers.set(r.creatorId, await producerOf(db, r.creatorId));
    const producer = producers.get(r.creatorId)!;
    const items = await itemsWithMedia(db, r.mediaIds, r.subjectId);
    const subjects = items.length ? items : [{ objectType: r.subjectType, objectId: r.subjectId, reviewState: '' }];
    for (const it of subjects)
      out.push([
        r.id,
        r.creatorId,
        producer.username,
        producer.name,
        producer.dob,
        producer.verification,
        it.objectType,
        it.objectId,
        it.objectId === r.subjectId ? r.title : '',
        it.reviewState === 'approved' ? 'yes' : 'no',
        r.productionDate,
        r.legalName,
        r.aliases,
        r.dateOfBirth,
        r.idDocumentType,
        r.idDocumentNumber,
        METHOD[r.identityProvider ?? ''] ?? '',
        r.identityCheckedAt?.toISOString() ?? '',
        r.signedDate,
        r.signedAt?.toISOString() ?? '',
        r.signedIp,
        Object.values(r.contentHashes ?? {}).join(' '),
        releaseStatusOf(r),
        r.revokedAt?.toISOString() ?? '',
        `releases/${r.id}.pdf`,
        (files.get(r.id) ?? []).join(' '),
      ]);
  }
  return out;
}

/**
 * The §2257 export for an inspection: releases of a creator, or produced within a date range
 * (inclusive, by date of production). Admin only, audited (`records2257.export`).
 */
export async function exportRecords(
  ctx: Ctx,
  actor: AdminActor,
  q: { from?: string; to?: string; creatorId?: string },
): Promise<{ zip: Buffer; count: number }> {
  const all = await repo.releasesForRecords(ctx.db, { creatorId: q.creatorId });
  const rows = all.filter((r) => (!q.from || r.productionDate >= q.from) && (!q.to || r.productionDate <= q.to));
  const zip = new yazl.ZipFile();
  const storage = storageFor(ctx.config);
  const files = new Map<string, string[]>();
  for (const r of rows) {
    zip.addBuffer(await releasePdf(ctx, r), `releases/${r.id}.pdf`);
    for (const key of r.idDocumentKeys) {
      const name = `id-documents/${r.id}/${path.basename(key)}`;
      try {
        zip.addBuffer(await readAll(await storage.read(key)), name);
        files.set(r.id, [...(files.get(r.id) ?? []), name]);
      } catch (err) {
        ctx.log.warn({ err, key }, '2257 export: an ID document could not be read');
      }
    }
  }
  // An erased producer's own ID copies are in the records store: they go with their releases.
  for (const creatorId of new Set(rows.map((r) => r.creatorId))) {
    for (const doc of (await producerOf(ctx.db, creatorId)).idDocuments) {
      const name = `producer-documents/${creatorId}/${path.basename(doc.key)}`;
      try {
        zip.addBuffer(await readAll(await storage.read(doc.key)), name);
      } catch (err) {
        ctx.log.warn({ err, key: doc.key }, '2257 export: a producer ID document could not be read');
      }
    }
  }
  zip.addBuffer(Buffer.from(toCsv(INDEX_HEADER, await indexRows(ctx.db, rows, files))), 'index.csv');
  const [name, address] = await Promise.all([ctx.settings.get('custodianName'), ctx.settings.get('custodianAddress')]);
  zip.addBuffer(
    Buffer.from(
      `18 U.S.C. §2257 records\nExported ${ctx.now().toISOString()}\nQuery: ${JSON.stringify(q)}\nReleases: ${rows.length}\nCustodian of records: ${name}\n${address}\n`,
    ),
    'README.txt',
  );
  zip.end();
  const buf = await readAll(zip.outputStream as unknown as Readable);
  await inAdminTx(ctx, actor, async (_txCtx, _tx, record) => {
    await record({ action: 'records2257.export', targetType: 'release', after: { ...q, releases: rows.length } });
  });
  return { zip: buf, count: rows.length };
}
