import { Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import { useCurrentUser } from '../../auth/api';
import { useStoriesBar } from '../api';
import { StoryRing } from './story-ring';

// The viewer and the composer load when first opened (the home page draws neither).
const StoryViewer = lazyNamed(() => import('./story-viewer'), 'StoryViewer');
const NewStoryDialog = lazyNamed(() => import('./new-story-dialog'), 'NewStoryDialog');

/**
 * The home stories bar: creators' active stories as rings (unseen first, highlighted);
 * tapping one opens the viewer. Creators get an "Add story" button first.
 */
export function StoriesBar() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { data, mutate } = useStoriesBar(true);
  const [open, setOpen] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  const [composed, setComposed] = useState(false);
  const compose = (open: boolean) => {
    if (open) setComposed(true);
    setComposing(open);
  };
  const groups = data?.data ?? [];
  const isPerformer = Boolean(user?.isPerformer);
  if (groups.length === 0 && !isPerformer) return null;
  return (
    <>
      <nav
        aria-label={t('profiles.tabs.stories.label')}
        className="-mx-1 flex gap-4 overflow-x-auto px-1 pb-2"
        data-testid="stories-bar"
      >
        {isPerformer && (
          <button
            type="button"
            onClick={() => compose(true)}
            className="flex w-[4.5rem] shrink-0 flex-col items-center gap-1 text-xs"
          >
            <span className="relative inline-flex rounded-full p-0.5">
              <StoryRing src={user?.avatar} alt="" name={user?.name} unseen={false} />
              <span className="absolute right-0 bottom-0 flex size-5 items-center justify-center rounded-full bg-brand-600 text-white ring-2 ring-white dark:ring-zinc-950">
                <Plus className="size-3.5" aria-hidden="true" />
              </span>
            </span>
            <span className="w-full truncate px-0.5 text-center leading-5">{t('stories.add')}</span>
          </button>
        )}
        {groups.map((g, i) => (
          <button
            key={g.performer._id}
            type="button"
            onClick={() => setOpen(i)}
            aria-label={
              g.hasUnseen
                ? t('stories.storyOfNew', { name: g.performer.name })
                : t('stories.storyOf', { name: g.performer.name })
            }
            className="flex w-[4.5rem] shrink-0 flex-col items-center gap-1 text-xs"
            data-testid="story-ring"
          >
            <StoryRing src={g.performer.avatar} alt="" name={g.performer.name} unseen={g.hasUnseen} />
            <span className="w-full truncate px-0.5 text-center leading-5">{g.performer.username}</span>
          </button>
        ))}
      </nav>
      <Suspense fallback={null}>
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
        {isPerformer && (composing || composed) && <NewStoryDialog open={composing} onOpenChange={compose} />}
      </Suspense>
    </>
  );
}
