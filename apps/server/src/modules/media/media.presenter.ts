import type { MediaFile, MediaKind } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { MediaRow } from '../../db/schema';
import { publicMediaUrl } from '../../lib/media/cdn';
import { expiryFor, signedPath, URL_TTL_SECONDS } from '../../lib/media/signing';

export interface PresentOptions {
  /** The caller's entitlement decision (owner, admin, free, subscriber, buyer, renter). */
  unlocked: boolean;
  viewerId?: string | null;
}

/** Which stored variants feed which presented field, per kind. */
const LAYOUT: Record<
  MediaKind,
  {
    url?: string;
    thumbnails: string[];
    thumbnail?: string;
    poster?: string;
    hls?: string;
    blurred?: string;
    teaser?: string;
  }
> = {
  photo: { url: 'full', thumbnails: ['sm', 'md', 'lg'], thumbnail: 'md', blurred: 'blur' },
  video: {
    url: 'mp4',
    thumbnails: ['thumb-0', 'thumb-1', 'thumb-2'],
    thumbnail: 'thumb',
    poster: 'poster',
    hls: 'hls',
    blurred: 'blur',
    teaser: 'teaser',
  },
  audio: { url: 'audio', thumbnails: [] },
  document: { url: 'original', thumbnails: [] },
};

/**
 * A media row as API JSON. Synchronous and query-free: URLs are HMAC-signed
 * paths to /api/media/file (in S3 mode that route answers with a presigned
 * redirect). Locked: only the blurred preview and the teaser, never the media.
 * Public media (avatars, covers) get non-expiring URLs.
 */
export function presentMedia(ctx: Pick<Ctx, 'config' | 'now'>, m: MediaRow, opts: PresentOptions): MediaFile {
  const isOwner = Boolean(opts.viewerId) && opts.viewerId === m.ownerId;
  const unlocked = opts.unlocked || isOwner;
  const isPublic = m.visibility === 'public';
  const exp = isPublic ? 0 : expiryFor(ctx.now().getTime(), URL_TTL_SECONDS[m.kind]);
  // Protected URLs name their viewer (traceable leaks; per-viewer marks on paid photos).
  const viewerId = isPublic ? null : (opts.viewerId ?? null);
  const url = (variant: string | undefined, file?: string) => {
    if (!variant || !m.variants[variant]) return undefined;
    const signed = signedPath(ctx.config.secretKey, { mediaId: m.id, variant, exp, viewerId }, file ?? variant);
    return isPublic ? publicMediaUrl(signed) : signed;
  };
  const l = LAYOUT[m.kind];
  const out: MediaFile = {
    _id: m.id,
    type: m.kind,
    status: m.status,
    mimeType: m.mimeType,
    size: m.size,
    thumbnails: [],
  };
  if (m.error) out.error = m.error;
  if (m.width) out.width = m.width;
  if (m.height) out.height = m.height;
  if (m.duration) out.duration = Math.round(m.duration * 100) / 100;
  if (isOwner) out.originalName = m.originalName;
  out.blurredUrl = url(l.blurred);
  out.teaserUrl = url(l.teaser);
  if (unlocked && (m.visibility !== 'private' || isOwner || opts.unlocked)) {
    out.url = url(l.url);
    out.thumbnails = l.thumbnails.map((v) => url(v)).filter((u): u is string => Boolean(u));
    out.thumbnail = url(l.thumbnail);
    out.posterUrl = url(l.poster);
    out.hlsUrl = url(l.hls, 'hls/master.m3u8');
    // Paid video of a creator with the watermark on: a viewer other than the owner gets only the
    // stream marked for them (A/B segments by their code, lib/media/viewer-mark.ts), not the MP4.
    if (viewerId && !isOwner && m.variants['mark-a'] && m.variants['mark-b']) {
      delete out.url;
      out.hlsUrl = signedPath(
        ctx.config.secretKey,
        { mediaId: m.id, variant: 'mark', exp, viewerId },
        'mark/master.m3u8',
      );
    }
  }
  for (const k of Object.keys(out) as Array<keyof MediaFile>) if (out[k] === undefined) delete out[k];
  return out;
}
