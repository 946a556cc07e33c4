import type { ContentItem } from '@marquee/shared';
import { Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCatalogue } from '../api';
import { UnlockActions } from './buy-button';
import { VideoPlayer } from './video-player';

function Reel({ reel }: { reel: ContentItem }) {
  const ref = useRef<HTMLDivElement>(null);
  // play the reel that is on screen, pause the others
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver(
      ([e]) => {
        const v = el.querySelector('video');
        if (!v) return;
        if (e.isIntersecting) void v.play().catch(() => {});
        else v.pause();
      },
      { threshold: 0.6 },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <section
      ref={ref}
      id={`reel-${reel._id}`}
      className="relative flex h-[calc(100dvh-7rem)] snap-start items-center justify-center overflow-hidden bg-black sm:h-[calc(100dvh-8rem)]"
      data-testid="reel"
    >
      {reel.unlocked && reel.video ? (
        <VideoPlayer file={reel.video} autoPlay loop muted className="h-full max-w-full object-contain" />
      ) : (
        <div className="flex flex-col items-center gap-3 text-white">
          {reel.video?.blurredUrl && (
            <img src={reel.video.blurredUrl} alt="" className="absolute inset-0 size-full object-cover opacity-50" />
          )}
          <Lock className="relative size-8" aria-hidden />
          <div className="relative">
            <UnlockActions item={reel} onDone={() => {}} />
          </div>
        </div>
      )}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-4 pt-10 pb-5 text-white">
        <p className="font-semibold">{reel.title}</p>
        {reel.performer && (
          <Link to={`/${reel.performer.username ?? reel.performerId}`} className="text-sm">
            @{reel.performer.username}
          </Link>
        )}
      </div>
    </section>
  );
}

/** Reels one after another, a vertical swipe (scroll-snap) apart, like a short-video app. */
export function ReelsViewer({ startId, performerId }: { startId?: string; performerId?: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useCatalogue('reel', { pageSize: 50, performerId });
  useEffect(() => {
    if (startId && data) document.getElementById(`reel-${startId}`)?.scrollIntoView();
  }, [startId, data]);
  if (isLoading) return <PageSpinner />;
  if (!data?.data.length) return <EmptyState title={t('catalogue.types.reel.empty')} />;
  return (
    <div
      className="mx-auto h-[calc(100dvh-7rem)] max-w-md snap-y snap-mandatory overflow-y-scroll rounded-2xl sm:h-[calc(100dvh-8rem)]"
      data-testid="reels-viewer"
    >
      {data.data.map((r) => (
        <Reel key={r._id} reel={r} />
      ))}
    </div>
  );
}
