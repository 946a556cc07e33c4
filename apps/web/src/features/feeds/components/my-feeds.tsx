import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { DATE_TIME, formatDate } from '../../../lib/i18n/format';
import { ReviewBadge } from '../../review/components/review-badge';
import { tokens } from '../../wallet/api';
import { feedsApi, useMyFeeds } from '../api';

/** The creator's own posts (published and scheduled) with edit and delete. */
export function MyFeeds() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'scheduled' | 'published' | undefined>();
  const { data, isLoading, mutate } = useMyFeeds(page, status);
  const [deleting, setDeleting] = useState<string | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / 10)) : 1;
  const remove = async () => {
    if (!deleting) return;
    try {
      await feedsApi.remove(deleting);
      toast.success(t('posts.deleted'));
      setDeleting(null);
      void mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-2xl font-bold">{t('nav.My posts')}</h1>
        <select
          aria-label={t('posts.status')}
          value={status ?? ''}
          onChange={(e) => setStatus((e.target.value || undefined) as typeof status)}
          className="h-9 rounded-full border border-zinc-300 bg-transparent px-3 text-sm dark:border-zinc-700"
        >
          <option value="">{t('posts.all')}</option>
          <option value="published">{t('posts.published')}</option>
          <option value="scheduled">{t('feeds.scheduled')}</option>
        </select>
        <Link to="/creator/feeds/new" className={buttonClasses('primary')}>
          <Plus className="size-4" /> {t('feeds.newPost')}
        </Link>
      </div>
      {isLoading && <Skeleton className="h-40 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState title={t('profiles.tabs.posts.empty')} description={t('posts.shareFirst')} />
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
                {f.text || (f.poll ? f.poll.question : t('posts.untitled'))}
              </Link>
              <p className="text-xs text-zinc-500">
                {f.status === 'scheduled'
                  ? t('posts.scheduledAt', { date: f.scheduledAt ? formatDate(f.scheduledAt, DATE_TIME) : '' })
                  : t('posts.publishedAt', { date: f.publishedAt ? formatDate(f.publishedAt) : '' })}{' '}
                · {t(`posts.visibility.${f.visibility}`)}
                {f.isSale ? ` · ${tokens(f.price)}` : ''} · {t('posts.likes', { count: f.totalLike })} ·{' '}
                {t('posts.comments', { count: f.totalComment })}
              </p>
              <ReviewBadge type="feed" id={f._id} ownerId={f.performerId} />
            </div>
            <Link
              to={`/creator/feeds/${f._id}/edit`}
              className={buttonClasses('ghost', 'icon')}
              aria-label={t('posts.edit')}
            >
              <Pencil className="size-4" />
            </Link>
            <Button variant="ghost" size="icon" aria-label={t('posts.delete')} onClick={() => setDeleting(f._id)}>
              <Trash2 className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
      <Dialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('posts.deleteTitle')}
        description={t('posts.deleteText')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" onClick={remove}>
              {t('posts.delete')}
            </Button>
          </>
        }
      />
    </div>
  );
}
