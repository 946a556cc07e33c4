import type { Ctx } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { URL_TTL_SECONDS } from '../../lib/media/signing';
import { findItem, KINDS, loadMedia, present, protectable } from '../content';
import { access, type Viewer } from '../entitlements';
import { signedVariantPath } from '../media';
import { canDownload } from './products.policy';

/**
 * The file of a digital product, for whoever bought it (or its creator, or an
 * admin): a signed URL that expires quickly. Nobody else gets a URL.
 */
export async function downloadLink(ctx: Ctx, viewer: Viewer, id: string) {
  const row = await findItem(ctx.db, 'product', id);
  if (!row) throw notFound(KINDS.product.label);
  const a = await access(ctx.db, viewer, protectable(row), ctx.now());
  if (!canDownload(viewer, a)) throw forbidden(msg('error.products.buyToDownload'));
  if (row.productType !== 'digital' || !row.fileId) throw notFound('File');
  const media = await loadMedia(ctx, [row.fileId]);
  const file = present(ctx, media, row.fileId, true, viewer.id);
  // A video marked per viewer is streamed, not linked, to viewers (media.presenter.ts); a bought
  // download is the file itself, still bound to the buyer's session.
  const mediaRow = media.get(row.fileId);
  const link = file?.url ?? (mediaRow?.variants.mp4 ? signedVariantPath(ctx, mediaRow, 'mp4', viewer.id) : null);
  if (!file || !link) throw notFound('File');
  const ttl = URL_TTL_SECONDS[file.type];
  return { downloadLink: link, expiresAt: new Date(ctx.now().getTime() + ttl * 1000).toISOString() };
}
