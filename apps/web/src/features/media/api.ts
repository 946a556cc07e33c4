import { useRealtimeEvent } from '../../lib/realtime';
import { useApi } from '../../lib/use-api';

/**
 * A file's processing status: fetched once, then kept current by the
 * 'media/status' realtime event, with a slow poll as a fallback while it processes
 * (the socket may be reconnecting). With `feedId`, the file is a post's and its status
 * is read through the post (`/user/feeds/{id}/file/{fileId}/status`), as the spec has it.
 */
export function useMediaStatus(id: string | null | undefined, feedId?: string) {
  // `{id}` is the post's on the post's route, the file's on its own; `{fileId}` is the file's.
  const params = { id: feedId ?? id ?? '', fileId: id ?? '' };
  const swr = useApi(
    id ? (feedId ? '/user/feeds/{id}/file/{fileId}/status' : '/media/{id}/status') : null,
    { path: params },
    { refreshInterval: (latest) => (latest && latest.status !== 'processing' ? 0 : 5000) },
  );
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
  return useApi(id && ready ? '/media/{id}' : null, { path: { id: id ?? '' } });
}
