import type { Story, StoryGroup } from '@marquee/shared';
import { Eye, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../auth/api';
import { ReviewBadge } from '../../review/components/review-badge';
import { MY_STORIES_PAGE_SIZE, storiesApi, useMyStories, useRefreshStories } from '../api';
import { HighlightDialog } from './highlight-dialog';
import { NewStoryDialog } from './new-story-dialog';
import { StoryThumb } from './story-tile';
import { StoryViewer } from './story-viewer';

function timeLeft(s: Story) {
  if (s.isExpired) return 'Expired';
  const h = Math.max(0, Math.ceil((new Date(s.expiresAt).getTime() - Date.now()) / 3_600_000));
  return `Live · ${h}h left`;
}

/** Creator studio: my stories (live and expired), a "New story" button, highlights, delete. */
export function MyStories() {
  const { user } = useCurrentUser();
  const [page, setPage] = useState(1);
  const { data, isLoading, mutate } = useMyStories(page);
  const refresh = useRefreshStories();
  const [composing, setComposing] = useState(false);
  const [highlighting, setHighlighting] = useState<Story | null>(null);
  const [deleting, setDeleting] = useState<Story | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const stories = data?.data ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / MY_STORIES_PAGE_SIZE)) : 1;
  const titles = useMemo(
    () => [...new Set(stories.filter((s) => s.isHighlight).map((s) => s.highlightTitle?.trim() || 'Highlights'))],
    [stories],
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
        <h1 className="mr-auto text-2xl font-bold">My stories</h1>
        <Button onClick={() => setComposing(true)}>
          <Plus className="size-4" /> New story
        </Button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Stories are up for 24 hours. Highlights keep chosen stories on your profile.
      </p>
      {isLoading && <Skeleton className="h-48 w-full" />}
      {data && stories.length === 0 && (
        <EmptyState
          icon={Sparkles}
          title="No stories yet"
          description="Share a moment: it stays up for 24 hours."
          action={<Button onClick={() => setComposing(true)}>New story</Button>}
        />
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {stories.map((s, i) => (
          <li
            key={s._id}
            className="overflow-hidden rounded-2xl border border-zinc-200 dark:border-zinc-800"
            data-testid="my-story"
          >
            <button type="button" className="block w-full" onClick={() => setViewing(i)} aria-label="Watch story">
              <StoryThumb story={s} className="aspect-[9/14] w-full" />
            </button>
            <div className="space-y-1 p-2 text-xs">
              {s.text && <p className="line-clamp-1 font-medium">{s.text}</p>}
              <p className="flex items-center gap-1 text-zinc-500">
                {timeLeft(s)} · <Eye className="size-3" aria-hidden="true" /> {s.totalView}
                <span className="sr-only">views</span>
                {s.visibility === 'subscribers' && ' · Subscribers'}
              </p>
              <ReviewBadge type="story" id={s._id} ownerId={s.performerId} />
              {s.isHighlight && (
                <p className="font-semibold text-brand-600" data-testid="story-highlight">
                  ★ {s.highlightTitle || 'Highlights'}
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
                        'Removed from your highlights',
                      )
                    }
                  >
                    Remove highlight
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => setHighlighting(s)}>
                    Add to highlight
                  </Button>
                )}
                <Button
                  size="icon"
                  variant="ghost"
                  className="ml-auto"
                  aria-label="Delete story"
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
        title="Delete this story?"
        description="It disappears from the stories bar and your highlights. This cannot be undone."
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const s = deleting;
                setDeleting(null);
                if (s) void run(() => storiesApi.remove(s._id), 'Story deleted');
              }}
            >
              Delete
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
