import type { MediaFile, MediaKind } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { MediaRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { deleteMedia, getMediaMany, presentMedia } from '../media';

/** The catalogue's one doorway to the media module: load, check ownership, present, delete. */
export async function loadMedia(ctx: Ctx, ids: Array<string | null | undefined>): Promise<Map<string, MediaRow>> {
  const wanted = [...new Set(ids.filter((i): i is string => Boolean(i)))];
  if (wanted.length === 0) return new Map();
  const rows = await getMediaMany(ctx, wanted);
  return new Map(rows.map((m) => [m.id, m]));
}

/** Every id names a file the creator uploaded, of an allowed kind. */
export async function assertOwnMedia(
  ctx: Ctx,
  ownerId: string,
  refs: Array<{ id: string; kinds: readonly MediaKind[]; what: string }>,
): Promise<void> {
  if (refs.length === 0) return;
  const found = await loadMedia(
    ctx,
    refs.map((r) => r.id),
  );
  for (const r of refs) {
    const m = found.get(r.id);
    if (!m || m.ownerId !== ownerId)
      throw badRequest(`The ${r.what} was not found among your uploads`, 'MEDIA_NOT_FOUND');
    if (!r.kinds.includes(m.kind)) {
      throw badRequest(`The ${r.what} must be a ${r.kinds.join(' or ')} file`, 'MEDIA_WRONG_KIND');
    }
  }
}

export function present(
  ctx: Ctx,
  media: Map<string, MediaRow>,
  id: string | null | undefined,
  unlocked: boolean,
  viewerId: string | null,
): MediaFile | null {
  const m = id ? media.get(id) : undefined;
  return m ? presentMedia(ctx, m, { unlocked, viewerId }) : null;
}

/** Best effort, after the owning row is gone: a file left behind is swept by the media module. */
export async function dropMedia(ctx: Ctx, ids: Array<string | null | undefined>): Promise<void> {
  for (const id of ids) {
    if (!id) continue;
    await deleteMedia(ctx, id).catch((err: unknown) => ctx.log.warn({ err, mediaId: id }, 'media delete failed'));
  }
}
