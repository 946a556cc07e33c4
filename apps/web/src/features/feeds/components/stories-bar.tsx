import type { Story, StoryGroup } from '@marquee/shared';
import { Lock, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { feedsApi, useStoriesBar } from '../api';

const STORY_MS = 5000;

/** Creators' active stories as a row of rings (unseen ones highlighted); tapping opens the viewer. */
export function StoriesBar() {
  const { data, mutate } = useStoriesBar(true);
  const [open, setOpen] = useState<number | null>(null);
  const groups = data?.data ?? [];
  if (groups.length === 0) return null;
  return (
    <>
      <nav aria-label="Stories" className="-mx-1 flex gap-4 overflow-x-auto px-1 pb-2" data-testid="stories-bar">
        {groups.map((g, i) => (
          <button
            key={g.performer._id}
            type="button"
            onClick={() => setOpen(i)}
            className="flex w-16 shrink-0 flex-col items-center gap-1 text-xs"
          >
            <span
              className={cn(
                'rounded-full p-0.5',
                g.hasUnseen
                  ? 'bg-gradient-to-tr from-amber-400 via-pink-500 to-brand-600'
                  : 'bg-zinc-300 dark:bg-zinc-700',
              )}
            >
              <Avatar src={g.performer.avatar} alt={g.performer.name} size="md" />
            </span>
            <span className="w-full truncate text-center">{g.performer.username}</span>
          </button>
        ))}
      </nav>
      {open !== null && (
        <StoryViewer
          groups={groups}
          start={open}
          onClose={() => {
            setOpen(null);
            void mutate();
          }}
        />
      )}
    </>
  );
}

/** Full-screen story viewer: progress bars, tap right/left to go forward/back, Escape to close. */
export function StoryViewer({ groups, start, onClose }: { groups: StoryGroup[]; start: number; onClose: () => void }) {
  const [g, setG] = useState(start);
  const [s, setS] = useState(() =>
    Math.max(
      0,
      groups[start].stories.findIndex((x) => !x.isSeen),
    ),
  );
  const [elapsed, setElapsed] = useState(0);
  const group = groups[g];
  const story: Story | undefined = group?.stories[s];

  const next = useCallback(() => {
    setElapsed(0);
    if (s + 1 < group.stories.length) setS(s + 1);
    else if (g + 1 < groups.length) {
      setG(g + 1);
      setS(0);
    } else onClose();
  }, [g, s, group, groups.length, onClose]);
  const prev = () => {
    setElapsed(0);
    if (s > 0) setS(s - 1);
    else if (g > 0) {
      setG(g - 1);
      setS(0);
    }
  };

  useEffect(() => {
    if (story) void feedsApi.openStory(story._id).catch(() => {});
  }, [story]);
  useEffect(() => {
    const t = setInterval(() => setElapsed((e) => e + 100), 100);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    if (elapsed >= STORY_MS) next();
  }, [elapsed, next]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowRight') next();
      if (e.key === 'ArrowLeft') prev();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  if (!story) return null;
  const media = story.media;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black"
      role="dialog"
      aria-modal="true"
      aria-label={`${group.performer.name}'s story`}
      data-testid="story-viewer"
    >
      <div className="relative h-full w-full max-w-md" style={{ background: story.backgroundColor ?? '#111' }}>
        <div className="absolute inset-x-2 top-2 z-10 flex gap-1">
          {group.stories.map((x, i) => (
            <div key={x._id} className="h-0.5 flex-1 overflow-hidden rounded bg-white/30">
              <div
                className="h-full bg-white"
                style={{ width: i < s ? '100%' : i === s ? `${Math.min(100, (elapsed / STORY_MS) * 100)}%` : '0%' }}
              />
            </div>
          ))}
        </div>
        <div className="absolute inset-x-3 top-5 z-10 flex items-center gap-2 text-white">
          <Avatar src={group.performer.avatar} alt="" size="xs" />
          <Link to={`/${group.performer.username}`} onClick={onClose} className="text-sm font-semibold">
            {group.performer.name}
          </Link>
          <button type="button" onClick={onClose} aria-label="Close" className="ml-auto p-1">
            <X className="size-6" />
          </button>
        </div>
        {story.locked ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-white">
            {media?.blurredUrl && (
              <img src={media.blurredUrl} alt="" className="absolute inset-0 h-full w-full object-cover opacity-60" />
            )}
            <Lock className="relative size-8" />
            <p className="relative text-sm">Subscribe to see this story</p>
          </div>
        ) : media?.type === 'video' ? (
          <video className="h-full w-full object-contain" src={media.url} autoPlay playsInline muted />
        ) : media ? (
          <img className="h-full w-full object-contain" src={media.url ?? media.thumbnail} alt="" />
        ) : null}
        {story.text && !story.locked && (
          <p
            className={cn(
              'absolute inset-x-4 text-center font-semibold text-white drop-shadow',
              media ? 'bottom-10 text-lg' : 'top-1/2 -translate-y-1/2 text-2xl',
            )}
          >
            {story.text}
          </p>
        )}
        <button type="button" aria-label="Previous story" className="absolute inset-y-0 left-0 w-1/3" onClick={prev} />
        <button type="button" aria-label="Next story" className="absolute inset-y-0 right-0 w-2/3" onClick={next} />
      </div>
    </div>
  );
}
