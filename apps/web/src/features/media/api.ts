import type { MediaFile, MediaStatusPayload } from '@marquee/shared';
import useSWR from 'swr';
import { useRealtimeEvent } from '../../lib/realtime';

export const mediaStatusKey = (id: string, path?: string) => path ?? `/media/${id}/status`;

/**
 * A file's processing status: fetched once, then kept current by the
 * 'media/status' realtime event, with a slow poll as a fallback while it processes
 * (the socket may be reconnecting). `statusPath` lets a content type use its own
 * spec endpoint (e.g. `/user/feeds/{id}/file/{fileId}/status`).
 */
export function useMediaStatus(id: string | null | undefined, statusPath?: string) {
  const key = id ? mediaStatusKey(id, statusPath) : null;
  const swr = useSWR<MediaStatusPayload>(key, {
    refreshInterval: (latest) => (latest && latest.status !== 'processing' ? 0 : 5000),
  });
  useRealtimeEvent('media/status', (e) => {
    if (!id || e.mediaId !== id) return;
    void swr.mutate(
      (prev) => ({
        _id: id,
        status: e.status,
        progress: e.progress ?? prev?.progress ?? 0,
        ...(e.error ? { error: e.error } : {}),
      }),
      { revalidate: e.status !== 'processing' },
    );
  });
  return swr;
}

/** One of the signed-in user's own files with its signed URLs (poster once ready). */
export function useOwnMedia(id: string | null | undefined, ready: boolean) {
  return useSWR<MediaFile>(id && ready ? `/media/${id}` : null);
}

/** Upload answers carry the new files as `{ data: MediaFile[] }`, a single MediaFile, or `{ media: … }`. */
export function filesOf(response: unknown): MediaFile[] {
  if (!response || typeof response !== 'object') return [];
  const r = response as { data?: unknown; media?: unknown; _id?: unknown; status?: unknown };
  const list = Array.isArray(r.data)
    ? r.data
    : Array.isArray(r.media)
      ? r.media
      : r.media && typeof r.media === 'object'
        ? [r.media]
        : r._id && r.status
          ? [r]
          : [];
  return list.filter((f): f is MediaFile => Boolean(f && typeof f === 'object' && '_id' in f && 'status' in f));
}
