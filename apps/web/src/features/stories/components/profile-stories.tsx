import type { Story, StoryGroup } from '@marquee/shared';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { groupHighlights, useCreatorStories, useRefreshStories } from '../api';
import { StoryRing } from './story-ring';
import { StoryThumb } from './story-tile';
import { StoryViewer } from './story-viewer';

interface CreatorLike {
  _id: string;
  username?: string | null;
  name?: string | null;
  avatar?: string | null;
}

interface Reel {
  key: string;
  label: string;
  stories: Story[];
  /** A highlight's title (shown in the viewer); none for the live stories. */
  title?: string;
}

const performerOf = (c: CreatorLike): StoryGroup['performer'] => ({
  _id: c._id,
  username: c.username ?? c._id,
  name: c.name ?? c.username ?? '',
  avatar: c.avatar ?? null,
});

/** The creator's live stories (one ring) and highlights (one circle per name): the reels of the profile. */
function useReels(creator: CreatorLike) {
  const { t } = useTranslation();
  const live = useCreatorStories(creator._id);
  const highlights = useCreatorStories(creator._id, true);
  const reels: Reel[] = [];
  const active = live.data?.stories ?? [];
  if (active.length > 0) reels.push({ key: 'live', label: t('stories.story'), stories: active });
  for (const h of groupHighlights(highlights.data?.stories ?? []))
    reels.push({ key: `h:${h.title}`, label: h.title, stories: h.stories, title: h.title });
  return { reels, isLoading: live.isLoading || highlights.isLoading };
}

function ReelPlayer({
  creator,
  reel,
  onClose,
  fromStart,
}: {
  creator: CreatorLike;
  reel: Reel;
  onClose: () => void;
  fromStart?: boolean;
}) {
  const group: StoryGroup = {
    performer: performerOf(creator),
    stories: reel.stories,
    hasUnseen: reel.stories.some((s) => !s.isSeen),
  };
  return (
    <StoryViewer
      groups={[group]}
      start={0}
      onClose={onClose}
      title={reel.title}
      fromStart={fromStart || Boolean(reel.title)}
    />
  );
}

/** A row of circles on the profile: the live story ring first, then the highlights. Nothing when there is none. */
export function ProfileStoriesStrip({ creator }: { creator: CreatorLike }) {
  const { t } = useTranslation();
  const { reels } = useReels(creator);
  const refresh = useRefreshStories();
  const [open, setOpen] = useState<Reel | null>(null);
  if (reels.length === 0) return null;
  return (
    <>
      <nav aria-label={t('stories.storiesAndHighlights')} className="-mx-1 mb-4 flex gap-4 overflow-x-auto px-1 pb-1">
        {reels.map((r) => {
          const cover = r.stories[r.stories.length - 1];
          return (
            <button
              key={r.key}
              type="button"
              onClick={() => setOpen(r)}
              aria-label={
                r.title
                  ? t('stories.highlightLabel', { title: r.title })
                  : t('stories.storyOf', { name: creator.name ?? t('feeds.creator') })
              }
              className="flex w-16 shrink-0 flex-col items-center gap-1 text-xs"
              data-testid={r.title ? 'profile-highlight' : 'profile-story-ring'}
            >
              {r.title ? (
                <span className="rounded-full bg-zinc-300 p-0.5 dark:bg-zinc-700">
                  <StoryThumb story={cover} className="size-12 rounded-full ring-2 ring-white dark:ring-zinc-900" />
                </span>
              ) : (
                <StoryRing src={creator.avatar} alt="" unseen={r.stories.some((s) => !s.isSeen)} />
              )}
              <span className="w-full truncate text-center">{r.label}</span>
            </button>
          );
        })}
      </nav>
      {open && (
        <ReelPlayer
          creator={creator}
          reel={open}
          onClose={() => {
            setOpen(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}

/** The profile's Stories tab: live stories and every highlight as tiles. */
export function ProfileStoriesTab({ creator }: { creator: CreatorLike }) {
  const { t } = useTranslation();
  const { reels, isLoading } = useReels(creator);
  const [open, setOpen] = useState<Reel | null>(null);
  if (isLoading) return <Skeleton className="h-48 w-full" />;
  if (reels.length === 0)
    return (
      <EmptyState
        icon={Sparkles}
        title={t('profiles.tabs.stories.empty')}
        description={t('stories.noneText', { name: creator.name ?? t('posts.thisCreator') })}
      />
    );
  return (
    <div className="space-y-6" data-testid="profile-stories">
      {reels.map((r) => (
        <section key={r.key} aria-label={r.title ?? t('stories.liveStories')}>
          <h3 className="mb-2 text-sm font-semibold">{r.title ?? t('streaming.liveNow')}</h3>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {r.stories.map((s, i) => (
              <li key={s._id}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-xl"
                  aria-label={t('stories.watchN', { title: r.title ?? t('stories.story'), n: i + 1 })}
                  onClick={() => setOpen({ ...r, stories: r.stories.slice(i) })}
                >
                  <StoryThumb story={s} className="aspect-[9/14] w-full" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {open && <ReelPlayer creator={creator} reel={open} onClose={() => setOpen(null)} fromStart />}
    </div>
  );
}
