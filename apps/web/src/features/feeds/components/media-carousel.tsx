import type { FeedFile } from '@marquee/shared';
import { ChevronLeft, ChevronRight, Music } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '../../catalogue/components/video-player';
import { MediaStatus } from '../../media/components/media-status';

/** The unlocked files of a post: photos and videos in a swipeable carousel, audio as a player. */
export function MediaCarousel({ feedId, files }: { feedId: string; files: FeedFile[] }) {
  const [index, setIndex] = useState(0);
  const { t } = useTranslation();
  const visual = files.filter((f) => f.kind !== 'audio');
  const audio = files.filter((f) => f.kind === 'audio');
  const current = visual[Math.min(index, visual.length - 1)];
  return (
    <div className="mt-3 space-y-2">
      {current && (
        <div className="relative overflow-hidden rounded-2xl bg-zinc-950" data-testid="post-media">
          {current.status !== 'ready' ? (
            <div className="flex aspect-[4/5] items-center justify-center p-6">
              <MediaStatus mediaId={current._id} feedId={feedId} />
            </div>
          ) : current.kind === 'video' ? (
            <VideoPlayer
              file={current}
              poster={current.posterUrl ?? current.thumbnail}
              className="max-h-[80vh] w-full"
            />
          ) : (
            <img
              className="max-h-[80vh] w-full object-contain"
              src={current.url ?? current.thumbnail}
              alt=""
              loading="lazy"
            />
          )}
          {visual.length > 1 && (
            <>
              <button
                type="button"
                aria-label={t('common.previous')}
                onClick={() => setIndex((i) => (i - 1 + visual.length) % visual.length)}
                className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/50 p-1.5 text-white"
              >
                <ChevronLeft className="size-5" />
              </button>
              <button
                type="button"
                aria-label={t('common.next')}
                onClick={() => setIndex((i) => (i + 1) % visual.length)}
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/50 p-1.5 text-white"
              >
                <ChevronRight className="size-5" />
              </button>
              <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1.5">
                {visual.map((f, i) => (
                  <span key={f._id} className={`size-1.5 rounded-full ${i === index ? 'bg-white' : 'bg-white/50'}`} />
                ))}
              </div>
            </>
          )}
        </div>
      )}
      {audio.map((a) => (
        <div key={a._id} className="flex items-center gap-3 rounded-2xl bg-zinc-100 p-3 dark:bg-zinc-900">
          <Music className="size-5 text-brand-600" aria-hidden />
          {a.url ? (
            <audio className="w-full" controls preload="none" src={a.url}>
              <track kind="captions" />
            </audio>
          ) : (
            <MediaStatus mediaId={a._id} feedId={feedId} />
          )}
        </div>
      ))}
    </div>
  );
}
