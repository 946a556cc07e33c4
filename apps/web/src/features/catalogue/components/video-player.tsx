import type { MediaFile } from '@marquee/shared';
import type Hls from 'hls.js';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

/** At most one link refresh per this many ms, so a file that really is gone does not loop. */
const REFRESH_GAP_MS = 15_000;

/**
 * Plays a video: HLS through hls.js (or natively on Safari) when the server made a playlist, else the MP4.
 *
 * Media links are short-lived and bound to the session (docs/security.md, issue 17 item 3). When a
 * link expires mid-playback the next range or segment request answers 403: the player then
 * revalidates the data on screen (SWR), which brings the same file with fresh links, and resumes
 * where it was.
 */
export function VideoPlayer({
  file,
  poster,
  autoPlay,
  loop,
  muted,
  className,
}: {
  file: Pick<MediaFile, 'status' | 'url' | 'hlsUrl' | 'posterUrl'>;
  poster?: string;
  autoPlay?: boolean;
  loop?: boolean;
  muted?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const { mutate } = useSWRConfig();
  const lastRefresh = useRef(0);
  const resume = useRef<{ at: number; playing: boolean } | null>(null);

  const refreshLinks = useCallback(() => {
    const video = ref.current;
    if (!video || Date.now() - lastRefresh.current < REFRESH_GAP_MS) return;
    lastRefresh.current = Date.now();
    resume.current = { at: video.currentTime, playing: !video.paused };
    void mutate(() => true);
  }, [mutate]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const onLoaded = () => {
      const r = resume.current;
      if (!r) return;
      resume.current = null;
      if (r.at > 0) video.currentTime = r.at;
      if (r.playing) void video.play().catch(() => undefined);
    };
    video.addEventListener('loadedmetadata', onLoaded);
    const nativeSrc = () =>
      file.hlsUrl && video.canPlayType('application/vnd.apple.mpegurl') ? file.hlsUrl : (file.url ?? '');
    let hls: Hls | null = null;
    let cancelled = false;
    if (file.hlsUrl) {
      // hls.js (~180 KB gzipped) is loaded only when a playlist is to be played, not with the page.
      const playlist = file.hlsUrl;
      void import('hls.js').then(({ default: HlsJs }) => {
        if (cancelled) return;
        if (!HlsJs.isSupported()) {
          video.src = nativeSrc();
          return;
        }
        hls = new HlsJs();
        hls.on(HlsJs.Events.ERROR, (_event, data) => {
          if (data.fatal && data.type === HlsJs.ErrorTypes.NETWORK_ERROR) refreshLinks();
        });
        hls.loadSource(playlist);
        hls.attachMedia(video);
      });
    } else {
      video.src = nativeSrc();
    }
    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', onLoaded);
      hls?.destroy();
    };
  }, [file.hlsUrl, file.url, refreshLinks]);

  if (file.status !== 'ready') {
    return (
      <div className="flex aspect-video items-center justify-center rounded-2xl bg-zinc-900 text-sm text-white">
        {t('catalogue.processing')}
      </div>
    );
  }
  return (
    <video
      ref={ref}
      className={className ?? 'aspect-video w-full rounded-2xl bg-black'}
      poster={poster ?? file.posterUrl}
      controls={!autoPlay}
      autoPlay={autoPlay}
      loop={loop}
      muted={muted}
      playsInline
      preload="metadata"
      onError={refreshLinks}
      data-testid="video-player"
    />
  );
}
