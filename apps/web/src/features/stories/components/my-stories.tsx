import type { Story, StoryGroup } from '@marquee/shared';
import { Eye, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { useCurrentUser } from '../../auth/api';
import { ReviewBadge } from '../../review/components/review-badge';
import { MY_STORIES_PAGE_SIZE, storiesApi, useMyStories, useRefreshStories } from '../api';
import { HighlightDialog } from './highlight-dialog';
import { NewStoryDialog } from './new-story-dialog';
import { StoryThumb } from './story-tile';
import { StoryViewer } from './story-viewer';

function timeLeft(s: Story) {
  if (s.isExpired) return i18n.t('stories.expired');
  const h = Math.max(0, Math.ceil((new Date(s.expiresAt).getTime() - Date.now()) / 3_600_000));
  return i18n.t('stories.hoursLeft', { n: h });
}

/** Creator studio: my stories (live and expired), a "New story" button, highlights, delete. */
export function MyStories() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [page, setPage] = useState(1);
  const { data, isLoading, mutate } = useMyStories(page);
  const refresh = useRefreshStories();
  // The studio's "New story" opens the composer (/creator/stories?new=1).
  const [composing, setComposing] = useState(() => new URLSearchParams(window.location.search).has('new'));
  const [highlighting, setHighlighting] = useState<Story | null>(null);
  const [deleting, setDeleting] = useState<Story | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const stories = data?.data ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / MY_STORIES_PAGE_SIZE)) : 1;
  const titles = useMemo(
    () => [
      ...new Set(stories.filter((s) => s.isHighlight).map((s) => s.highlightTitle?.trim() || t('stories.highlights'))),
    ],
    [stories, t],
  );
  const group: StoryGroup | null = user
    ? {
        performer: {
          _id: user._id,
          username: user.username ?? user._id,
          name: user.name ?? '',
          avatar: user.avatar ?? null,
        },
        stories,
        hasUnseen: false,
      }
    : null;

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast.success(done);
      void mutate();
      void refresh();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-2xl font-bold">{t('nav.My stories')}</h1>
        <Button onClick={() => setComposing(true)}>
          <Plus className="size-4" /> {t('stories.newStory')}
        </Button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('stories.intro')}</p>
      {isLoading && <Skeleton className="h-48 w-full" />}
      {data && stories.length === 0 && (
        <EmptyState
          icon={Sparkles}
          title={t('profiles.tabs.stories.empty')}
          description={t('stories.emptyText')}
          action={<Button onClick={() => setComposing(true)}>{t('stories.newStory')}</Button>}
        />
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {stories.map((s, i) => (
          <li
            key={s._id}
            className="overflow-hidden rounded-2xl border border-zinc-200 dark:border-zinc-800"
            data-testid="my-story"
          >
            <button
              type="button"
              className="block w-full"
              onClick={() => setViewing(i)}
              aria-label={t('stories.watch')}
            >
              <StoryThumb story={s} className="aspect-[9/14] w-full" />
            </button>
            <div className="space-y-1 p-2 text-xs">
              {s.text && <p className="line-clamp-1 font-medium">{s.text}</p>}
              <p className="flex items-center gap-1 text-zinc-500">
                {timeLeft(s)} · <Eye className="size-3" aria-hidden="true" /> {s.totalView}
                <span className="sr-only">{t('stories.viewsWord', { count: s.totalView })}</span>
                {s.visibility === 'subscribers' && ` · ${t('posts.visibility.subscribers')}`}
              </p>
              <ReviewBadge type="story" id={s._id} ownerId={s.performerId} />
              {s.isHighlight && (
                <p className="font-semibold text-brand-600" data-testid="story-highlight">
                  ★ {s.highlightTitle || t('stories.highlights')}
                </p>
              )}
              <div className="flex items-center gap-1">
                {s.isHighlight ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      run(
                        () => storiesApi.update(s._id, { isHighlight: false, highlightTitle: null }),
                        t('stories.removedFromHighlights'),
                      )
                    }
                  >
                    {t('stories.removeHighlight')}
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => setHighlighting(s)}>
                    {t('stories.highlightButton')}
                  </Button>
                )}
                <Button
                  size="icon"
                  variant="ghost"
                  className="ml-auto"
                  aria-label={t('stories.delete')}
                  onClick={() => setDeleting(s)}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
      <NewStoryDialog
        open={composing}
        onOpenChange={(o) => {
          setComposing(o);
          if (!o) void mutate();
        }}
      />
      <HighlightDialog
        story={highlighting}
        titles={titles}
        onClose={() => setHighlighting(null)}
        onSaved={() => {
          void mutate();
          void refresh();
        }}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('stories.deleteTitle')}
        description={t('stories.deleteText')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const s = deleting;
                setDeleting(null);
                if (s) void run(() => storiesApi.remove(s._id), t('stories.deleted'));
              }}
            >
              {t('posts.delete')}
            </Button>
          </>
        }
      />
      {viewing !== null && group && (
        <StoryViewer groups={[{ ...group, stories: [stories[viewing]] }]} start={0} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}
