import type { MediaFile } from '@marquee/shared';
import Hls from 'hls.js';
import { useEffect, useRef } from 'react';

/** Plays a video: HLS through hls.js (or natively on Safari) when the server made a playlist, else the MP4. */
export function VideoPlayer({
  file,
  poster,
  autoPlay,
  loop,
  muted,
  className,
}: {
  file: MediaFile;
  poster?: string;
  autoPlay?: boolean;
  loop?: boolean;
  muted?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (file.hlsUrl && Hls.isSupported()) {
      const hls = new Hls();
      hls.loadSource(file.hlsUrl);
      hls.attachMedia(video);
      return () => hls.destroy();
    }
    video.src = file.hlsUrl && video.canPlayType('application/vnd.apple.mpegurl') ? file.hlsUrl : (file.url ?? '');
    return undefined;
  }, [file.hlsUrl, file.url]);
  if (file.status !== 'ready') {
    return (
      <div className="flex aspect-video items-center justify-center rounded-2xl bg-zinc-900 text-sm text-white">
        This video is still processing…
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
      data-testid="video-player"
    />
  );
}
