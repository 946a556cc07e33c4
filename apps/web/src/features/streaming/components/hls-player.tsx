import type Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

const dir = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

/**
 * Plays a live HLS stream: hls.js in low-latency mode (loaded with the page), or the browser's own
 * HLS (Safari). Starts muted so autoplay is allowed; the viewer unmutes with the control.
 */
export function HlsPlayer({
  src,
  streamKey,
  className,
  onFatalError,
}: {
  src: string;
  /** Playback restarts only when this changes (not when the token in `src` is renewed). */
  streamKey: string;
  className?: string;
  onFatalError?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [waiting, setWaiting] = useState(true);
  const fatal = useRef(onFatalError);
  fatal.current = onFatalError;
  // The signed playlist URL changes when the viewer's token is renewed; segments keep loading
  // through the newest one without restarting the player.
  const latest = useRef(src);
  latest.current = src;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed token in `src` must not restart playback
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let hls: Hls | null = null;
    let cancelled = false;
    const play = () => void video.play().catch(() => undefined);
    void import('hls.js').then(({ default: HlsClass }) => {
      if (cancelled) return;
      if (HlsClass.isSupported()) {
        hls = new HlsClass({
          lowLatencyMode: true,
          liveSyncDurationCount: 2,
          liveMaxLatencyDurationCount: 5,
          backBufferLength: 30,
          // The playlist is written while we watch: keep retrying while the first segments appear.
          manifestLoadingMaxRetry: 20,
          manifestLoadingRetryDelay: 500,
          levelLoadingMaxRetry: 20,
          fragLoadingMaxRetry: 10,
          xhrSetup: (xhr, url) => {
            const first = new URL(dir(src), window.location.href).href;
            const now = new URL(dir(latest.current), window.location.href).href;
            xhr.open('GET', first !== now && url.startsWith(first) ? now + url.slice(first.length) : url, true);
          },
        });
        hls.on(HlsClass.Events.MANIFEST_PARSED, play);
        hls.on(HlsClass.Events.ERROR, (_e, data) => {
          if (!data.fatal) return;
          if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) hls?.recoverMediaError();
          else if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) hls?.startLoad();
          else fatal.current?.('The stream could not be played.');
        });
        hls.loadSource(src);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = src;
        video.addEventListener('loadedmetadata', play, { once: true });
      } else fatal.current?.('This browser cannot play live streams.');
    });
    return () => {
      cancelled = true;
      hls?.destroy();
      video.removeAttribute('src');
    };
  }, [streamKey]);

  return (
    <div className={cn('relative bg-black', className)}>
      <video
        ref={ref}
        className="size-full object-contain"
        muted
        autoPlay
        playsInline
        controls
        onPlaying={() => setWaiting(false)}
        onWaiting={() => setWaiting(true)}
        data-testid="live-player"
      >
        <track kind="captions" />
      </video>
      {waiting && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center" role="status">
          <span className="rounded-full bg-black/60 px-3 py-1.5 text-sm text-white">
            {t('streaming.connectingStream')}
          </span>
        </div>
      )}
    </div>
  );
}
