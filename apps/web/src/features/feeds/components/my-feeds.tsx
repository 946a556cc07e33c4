import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { ReviewBadge } from '../../review/components/review-badge';
import { feedsApi, useMyFeeds } from '../api';

const VIS = { free: 'Everyone', subscribers: 'Subscribers', sale: 'Pay-per-view' } as const;

/** The creator's own posts (published and scheduled) with edit and delete. */
export function MyFeeds() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'scheduled' | 'published' | undefined>();
  const { data, isLoading, mutate } = useMyFeeds(page, status);
  const [deleting, setDeleting] = useState<string | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / 10)) : 1;
  const remove = async () => {
    if (!deleting) return;
    try {
      await feedsApi.remove(deleting);
      toast.success('Post deleted');
      setDeleting(null);
      void mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-2xl font-bold">My posts</h1>
        <select
          aria-label="Status"
          value={status ?? ''}
          onChange={(e) => setStatus((e.target.value || undefined) as typeof status)}
          className="h-9 rounded-full border border-zinc-300 bg-transparent px-3 text-sm dark:border-zinc-700"
        >
          <option value="">All</option>
          <option value="published">Published</option>
          <option value="scheduled">Scheduled</option>
        </select>
        <Link to="/creator/feeds/new" className={buttonClasses('primary')}>
          <Plus className="size-4" /> New post
        </Link>
      </div>
      {isLoading && <Skeleton className="h-40 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState title="No posts yet" description="Share your first post with your fans." />
      )}
      <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {data?.data.map((f) => (
          <li key={f._id} className="flex items-center gap-3 p-3" data-testid="my-post">
            {f.files[0]?.thumbnail ? (
              <img src={f.files[0].thumbnail} alt="" className="size-14 rounded-lg object-cover" />
            ) : (
              <div className="size-14 rounded-lg bg-zinc-100 dark:bg-zinc-800" />
            )}
            <div className="min-w-0 flex-1">
              <Link to={`/post/${f._id}`} className="line-clamp-1 font-medium hover:underline">
                {f.text || (f.poll ? f.poll.question : `${f.type} post`)}
              </Link>
              <p className="text-xs text-zinc-500">
                {f.status === 'scheduled'
                  ? `Scheduled ${f.scheduledAt ? new Date(f.scheduledAt).toLocaleString() : ''}`
                  : `Published ${f.publishedAt ? new Date(f.publishedAt).toLocaleDateString() : ''}`}{' '}
                · {VIS[f.visibility]}
                {f.isSale ? ` · ${f.price.toFixed(2)} tokens` : ''} · {f.totalLike} likes · {f.totalComment} comments
              </p>
              <ReviewBadge type="feed" id={f._id} ownerId={f.performerId} />
            </div>
            <Link to={`/creator/feeds/${f._id}/edit`} className={buttonClasses('ghost', 'icon')} aria-label="Edit">
              <Pencil className="size-4" />
            </Link>
            <Button variant="ghost" size="icon" aria-label="Delete" onClick={() => setDeleting(f._id)}>
              <Trash2 className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
      <Dialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this post?"
        description="Its comments and likes go with it. This cannot be undone."
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={remove}>
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}
