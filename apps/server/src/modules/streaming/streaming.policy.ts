import { fromCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { StreamRow } from '../../db/schema';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { isStaff, ownsOrAdmin } from '../../plugins/auth';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import { findViewer, hasStreamPass } from './streaming.repo';

export interface StreamViewerRef {
  id: string;
  role: string;
  /** `moderator`: staff who watch invisibly and act from the live monitor. */
  staffRole?: string | null;
}

export const STREAM_NOT_LIVE_MESSAGE = 'This stream is not live';
export const REMOVED_MESSAGE = 'You were removed from this stream';
export const PAY_TO_JOIN_MESSAGE = 'This is a paid stream: unlock it to watch';

/** The creator, an admin or a moderator: watches without paying, manages and ends the stream. */
export const isStreamStaff = (stream: Pick<StreamRow, 'performerId'>, viewer: StreamViewerRef | null) =>
  ownsOrAdmin(viewer, stream.performerId) || isStaff(viewer);

/** Who moderates a private show's chat: its creator (the second party) or an admin. */
export const isPrivateShowStaff = (viewer: StreamViewerRef | null, creatorId: string | undefined) =>
  ownsOrAdmin(viewer, creatorId);

/** Who sees and ends a private show: its fan, its creator, an admin or a moderator. */
export const canSeePrivateShow = (viewer: StreamViewerRef, party: unknown) => Boolean(party) || isStaff(viewer);

/**
 * Who may watch a stream, in the order the refusals are given:
 * 404 no such stream; 409 not live; creator and admins always; 403 BLOCKED /
 * COUNTRY_BLOCKED (the creator's blocks); 403 REMOVED_FROM_STREAM; for a paid
 * session 401 when signed out and 402 STREAM_PAYMENT_REQUIRED until bought
 * (POST /wallet/charges/stream/{id}). Every check is awaited.
 */
export async function assertMayJoin(
  ctx: Pick<Ctx, 'db'>,
  stream: StreamRow | null,
  viewer: StreamViewerRef | null,
  geo?: ViewerLocation,
): Promise<{ muted: boolean }> {
  if (!stream || stream.type === 'private') throw notFound('Stream');
  if (stream.status !== 'live') throw new AppError(409, STREAM_NOT_LIVE_MESSAGE, 'STREAM_NOT_LIVE');
  if (isStreamStaff(stream, viewer)) return { muted: false };
  await assertNotBlocked(ctx, stream.performerId, viewer?.id ?? null, geo);
  const row = viewer ? await findViewer(ctx.db, stream.id, viewer.id) : null;
  if (row?.removed) throw new AppError(403, REMOVED_MESSAGE, 'REMOVED_FROM_STREAM');
  if (stream.priceCents > 0) {
    if (!viewer) throw unauthorized(msg('error.streaming.signInToJoinPaid'));
    if (!(await hasStreamPass(ctx.db, viewer.id, stream.id))) {
      throw new AppError(402, PAY_TO_JOIN_MESSAGE, 'STREAM_PAYMENT_REQUIRED', [
        { field: 'price', message: fromCents(stream.priceCents).toFixed(2) },
      ]);
    }
  }
  return { muted: row?.muted ?? false };
}

/** Whether the viewer has paid (or needs not pay) — for presenting `hasAccess` in lists. */
export async function hasAccess(ctx: Pick<Ctx, 'db'>, stream: StreamRow, viewer: StreamViewerRef | null) {
  if (stream.priceCents === 0 || isStreamStaff(stream, viewer)) return true;
  if (!viewer) return false;
  return hasStreamPass(ctx.db, viewer.id, stream.id);
}

/** The stream's own creator (who publishes in it and cannot tip in it). */
export const isStreamCreator = (viewer: Pick<StreamViewerRef, 'id'>, stream: Pick<StreamRow, 'performerId'>) =>
  viewer.id === stream.performerId;

/** Who joins a private show's channel: its two parties, the fan and the creator. */
export const isPrivateShowParty = (
  viewer: Pick<StreamViewerRef, 'id'>,
  session: { userId: string; performerId: string },
) => viewer.id === session.userId || viewer.id === session.performerId;
