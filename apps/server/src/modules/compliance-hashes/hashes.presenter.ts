import type { HashList, HashMatch } from '@marquee/shared';
import type { HashListRow, HashMatchRow } from '../../db/schema';

export const presentHashList = (l: HashListRow): HashList => ({
  _id: l.id,
  name: l.name,
  kind: l.kind,
  source: l.source,
  threshold: l.threshold,
  entryCount: l.entryCount,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});

/** Evidence metadata only: never the file, never a link to it. */
export const presentHashMatch = ({ m, status }: { m: HashMatchRow; status: string | null }): HashMatch => ({
  _id: m.id,
  user: { _id: m.userId, username: m.username, email: m.email, status },
  ip: m.ip,
  uploadedAt: m.uploadedAt.toISOString(),
  originalName: m.originalName,
  mimeType: m.mimeType,
  size: m.size,
  sha256: m.sha256,
  md5: m.md5,
  pdq: m.pdq,
  hits: m.hits,
  evidenceStored: m.evidenceKey !== null,
  retainUntil: m.retainUntil.toISOString(),
  reportStatus: m.reportStatus,
  ncmecReportId: m.ncmecReportId,
  sentAt: m.sentAt?.toISOString() ?? null,
  createdAt: m.createdAt.toISOString(),
});

export const presentHashMatchDetail = (r: { m: HashMatchRow; status: string | null }) => ({
  ...presentHashMatch(r),
  report: r.m.report,
});
