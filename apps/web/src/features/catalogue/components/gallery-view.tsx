import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useItem, usePhotos } from '../api';
import { UnlockActions } from './buy-button';
import { Lightbox } from './lightbox';

/** A gallery: its photos in a grid (blurred when locked), a lightbox, and how to unlock it. */
export function GalleryView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: gallery, error, mutate } = useItem('gallery', id);
  const { data: photos, mutate: mutatePhotos } = usePhotos(id);
  const [open, setOpen] = useState<number | null>(null);
  if (error) return <EmptyState title={t('catalogue.galleryNotFound')} />;
  if (!gallery) return <PageSpinner />;
  const list = photos?.data ?? [];
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{gallery.title}</h1>
        {gallery.performer && (
          <Link className="text-sm text-brand-600" to={`/${gallery.performer.username ?? gallery.performerId}`}>
            {t('catalogue.by', { name: gallery.performer.name })}
          </Link>
        )}
        {gallery.description && <p className="text-zinc-600 dark:text-zinc-400">{gallery.description}</p>}
        {!gallery.unlocked && (
          <div
            className="flex items-center gap-3 rounded-xl bg-zinc-100 p-3 dark:bg-zinc-800"
            data-testid="gallery-locked"
          >
            <Lock className="size-5" aria-hidden />
            <span className="text-sm">
              {t('catalogue.photos', { count: gallery.numPhotos })} ·{' '}
              {gallery.isSale ? t('catalogue.payOnce') : t('catalogue.forSubscribers')}
            </span>
            <UnlockActions
              item={gallery}
              onDone={() => {
                void mutate();
                void mutatePhotos();
              }}
            />
          </div>
        )}
      </header>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="gallery-grid">
        {list.map((p, i) => (
          <button
            key={p._id}
            type="button"
            className="relative aspect-square overflow-hidden rounded-xl bg-zinc-200"
            onClick={() => setOpen(i)}
            aria-label={t('catalogue.openPhoto', { n: i + 1 })}
          >
            <img
              src={p.photo?.thumbnail ?? p.photo?.blurredUrl}
              alt={p.title}
              className="size-full object-cover"
              loading="lazy"
            />
            {!p.unlocked && <Lock className="absolute inset-0 m-auto size-6 text-white" aria-hidden />}
          </button>
        ))}
      </div>
      {open !== null && list.length > 0 && (
        <Lightbox photos={list} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
