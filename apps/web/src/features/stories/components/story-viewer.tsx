import type { Story, StoryGroup } from '@marquee/shared';
import { Eye, Lock, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/i18n/format';
import { VideoPlayer } from '../../catalogue/components/video-player';
import { storiesApi } from '../api';

/** How long a photo or text story stays on screen; a video plays for its length (capped). */
export const STORY_MS = 5000;
const MAX_VIDEO_MS = 60_000;
const TICK_MS = 100;

const durationOf = (s: Story) =>
  s.media?.type === 'video' && s.media.duration && !s.locked
    ? Math.min(MAX_VIDEO_MS, s.media.duration * 1000)
    : STORY_MS;

/**
 * Full-screen story viewer: progress bars, tap right/left (or arrow keys) to go forward/back,
 * Escape to close. Opening a story marks it seen (GET /stories/users/{id}).
 */
export function StoryViewer({
  groups,
  start,
  onClose,
  title,
  fromStart = false,
}: {
  groups: StoryGroup[];
  start: number;
  onClose: () => void;
  /** Shown next to the creator's name (a highlight's title). */
  title?: string;
  /** Start at the first story even if seen (highlights, a tile tapped); else at the first unseen one. */
  fromStart?: boolean;
}) {
  const { t } = useTranslation();
  const [g, setG] = useState(start);
  const [s, setS] = useState(() =>
    fromStart
      ? 0
      : Math.max(
          0,
          groups[start].stories.findIndex((x) => !x.isSeen),
        ),
  );
  const [elapsed, setElapsed] = useState(0);
  const [paused, setPaused] = useState(false);
  const group = groups[g];
  const story: Story | undefined = group?.stories[s];
  const total = story ? durationOf(story) : STORY_MS;

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
    if (story) void storiesApi.open(story._id).catch(() => {});
  }, [story]);
  useEffect(() => {
    if (paused) return;
    const t = setInterval(() => setElapsed((e) => e + TICK_MS), TICK_MS);
    return () => clearInterval(t);
  }, [paused]);
  useEffect(() => {
    if (elapsed >= total) next();
  }, [elapsed, total, next]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowRight') next();
      if (e.key === 'ArrowLeft') prev();
      if (e.key === ' ') setPaused((p) => !p);
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
      aria-label={t('stories.storyOf', { name: group.performer.name })}
      data-testid="story-viewer"
      data-story-id={story._id}
    >
      <div className="relative h-full w-full max-w-md" style={{ background: story.backgroundColor ?? '#111' }}>
        <div className="absolute inset-x-2 top-2 z-10 flex gap-1" aria-hidden="true">
          {group.stories.map((x, i) => (
            <div key={x._id} className="h-0.5 flex-1 overflow-hidden rounded bg-white/30">
              <div
                className="h-full bg-white"
                data-testid="story-progress"
                style={{ width: i < s ? '100%' : i === s ? `${Math.min(100, (elapsed / total) * 100)}%` : '0%' }}
              />
            </div>
          ))}
        </div>
        <div className="absolute inset-x-3 top-5 z-20 flex items-center gap-2 text-white">
          <Avatar src={group.performer.avatar} alt="" name={group.performer.name} size="xs" />
          <Link to={`/${group.performer.username}`} onClick={onClose} className="text-sm font-semibold">
            {group.performer.name}
          </Link>
          {title && <span className="truncate text-sm text-white/80">· {title}</span>}
          <span className="text-xs text-white/70">{formatDate(story.createdAt)}</span>
          <button type="button" onClick={onClose} aria-label={t('common.close')} className="ml-auto p-1">
            <X className="size-6" />
          </button>
        </div>
        {story.locked ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-white">
            {media?.blurredUrl && (
              <img src={media.blurredUrl} alt="" className="absolute inset-0 h-full w-full object-cover opacity-60" />
            )}
            <Lock className="relative size-8" />
            <p className="relative text-sm">{t('stories.subscribeToSee')}</p>
          </div>
        ) : media?.type === 'video' ? (
          <VideoPlayer
            key={story._id}
            file={media}
            className="h-full w-full object-contain"
            poster={media.posterUrl ?? media.thumbnail}
            autoPlay
            muted
          />
        ) : media ? (
          <img className="h-full w-full object-contain" src={media.url ?? media.thumbnail} alt={story.text || ''} />
        ) : null}
        {story.text && !story.locked && (
          <p
            className={cn(
              'absolute inset-x-4 text-center font-semibold text-white drop-shadow',
              media ? 'bottom-12 text-lg' : 'top-1/2 -translate-y-1/2 text-2xl',
            )}
          >
            {story.text}
          </p>
        )}
        {story.totalView > 0 && (
          <p className="absolute bottom-3 left-3 z-10 flex items-center gap-1 text-xs text-white/80">
            <Eye className="size-3.5" aria-hidden="true" /> {story.totalView}
            <span className="sr-only">{t('stories.viewsWord', { count: story.totalView })}</span>
          </p>
        )}
        <button
          type="button"
          aria-label={t('stories.previous')}
          className="absolute inset-y-0 left-0 z-10 w-1/3"
          onClick={prev}
          onPointerDown={() => setPaused(true)}
          onPointerUp={() => setPaused(false)}
        />
        <button
          type="button"
          aria-label={t('stories.next')}
          className="absolute inset-y-0 right-0 z-10 w-2/3"
          onClick={next}
          onPointerDown={() => setPaused(true)}
          onPointerUp={() => setPaused(false)}
          onPointerLeave={() => setPaused(false)}
        />
      </div>
    </div>
  );
}
