import type { ContentItem, ContentType } from '@marquee/shared';
import { Eye, EyeOff, Images, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { MediaStatus } from '../../media/components/media-status';
import { PeopleInContent } from '../../releases/components/people-in-content';
import { ReviewBadge } from '../../review/components/review-badge';
import { catalogueApi, previewOf, tokens, useMyItems } from '../api';
import { itemHref } from './content-card';
import { ItemForm } from './item-form';

/** The creator studio for one type: list, create, edit, publish/unpublish, price, delete, file status. */
export function Studio({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading, mutate } = useMyItems(type, { page, pageSize: 20 });
  // ?new=1 (from the profile's owner bar and the creator home) opens the form at once.
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(params.get('new') ? 'new' : null);
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      toast.success(ok);
      void mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid={`studio-${type}`}>
      <header className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">{t(`catalogue.types.${type}.mine`)}</h1>
        <Button onClick={() => setEditing('new')} data-testid="new-item">
          <Plus className="size-4" aria-hidden /> {t(`catalogue.types.${type}.new`)}
        </Button>
      </header>
      {isLoading ? (
        <Skeleton className="h-40 rounded-2xl" />
      ) : !data?.data.length ? (
        <EmptyState title={t(`catalogue.types.${type}.empty`)} description={t('catalogue.createFirst')} />
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {data.data.map((item) => (
            <li key={item._id} className="flex items-center gap-3 p-3" data-testid="studio-row">
              <img src={previewOf(item)} alt="" className="size-14 shrink-0 rounded-lg bg-zinc-200 object-cover" />
              <div className="min-w-0 flex-1">
                <Link to={itemHref(item)} className="line-clamp-1 font-semibold">
                  {item.title}
                </Link>
                <p className="text-xs text-zinc-500">
                  {t(`catalogue.status.${item.status}`)} ·{' '}
                  {item.isSale ? tokens(item.price) : t(`catalogue.visibility.${item.visibility}`)}
                  {item.type === 'gallery' ? ` · ${t('catalogue.photos', { count: item.numPhotos ?? 0 })}` : ''}
                  {item.type === 'product' && item.productType === 'physical'
                    ? ` · ${t('catalogue.stock', { n: item.stock })}`
                    : ''}
                </p>
                <ReviewBadge type={item.type} id={item._id} ownerId={item.performerId} />
                {item.takenDown && (
                  <p role="note" className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
                    {item.takedownReason
                      ? t('feeds.takenDownReason', { reason: item.takedownReason })
                      : t('feeds.takenDown')}
                  </p>
                )}
                {item.video && item.video.status !== 'ready' && (
                  <MediaStatus
                    mediaId={item.video._id}
                    showPreview={false}
                    className="mt-1 max-w-xs"
                    onSettled={() => void mutate()}
                  />
                )}
              </div>
              {type === 'gallery' && (
                <Link
                  to={`/creator/galleries/${item._id}`}
                  className="rounded-full p-2 hover:bg-zinc-100 dark:hover:bg-zinc-800"
                  aria-label={t('catalogue.photosLink')}
                >
                  <Images className="size-4" />
                </Link>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={item.status === 'active' ? t('catalogue.unpublish') : t('catalogue.publish')}
                onClick={() =>
                  act(
                    () =>
                      catalogueApi.update(type, item._id, { status: item.status === 'active' ? 'inactive' : 'active' }),
                    'Changes saved',
                  )
                }
              >
                {item.status === 'active' ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
              </Button>
              <Button variant="ghost" size="icon" aria-label={t('catalogue.edit')} onClick={() => setEditing(item)}>
                <Pencil className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('catalogue.delete')}
                onClick={() =>
                  window.confirm(t('catalogue.deleteConfirm', { title: item.title })) &&
                  act(() => catalogueApi.remove(type, item._id), t('catalogue.deleted'))
                }
              >
                <Trash2 className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} total={data.total} pageSize={20} onPage={setPage} />}
      <Dialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={editing === 'new' ? t(`catalogue.types.${type}.new`) : t(`catalogue.types.${type}.edit`)}
      >
        {editing !== null && (
          <ItemForm
            type={type}
            item={editing === 'new' ? undefined : editing}
            onSaved={() => {
              setEditing(null);
              void mutate();
            }}
          />
        )}
        {editing !== null && editing !== 'new' && (
          <PeopleInContent
            subjectType={type}
            subjectId={editing._id}
            title={editing.title}
            mediaIds={[editing.video, editing.teaser, editing.thumbnail, editing.file, ...editing.images]
              .filter((m) => m !== null)
              .map((m) => m._id)}
          />
        )}
      </Dialog>
    </div>
  );
}
