import type { Photo } from '@marquee/shared';
import { Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { UploadField } from '../../../components/ui/upload-field';
import { getErrorMessage } from '../../../lib/api';
import { catalogueApi, useMyItem, usePhotos } from '../api';

/** A gallery's photos in the studio: upload many at once (each with its progress), drag to reorder, set cover, delete. */
export function GalleryPhotosManager({ galleryId }: { galleryId: string }) {
  const { t } = useTranslation();
  const { data: gallery, mutate: mutateGallery } = useMyItem('gallery', galleryId);
  const { data, mutate } = usePhotos(galleryId, true);
  const [dragged, setDragged] = useState<string | null>(null);
  if (!gallery || !data) return <PageSpinner />;
  const photos = data.data;
  const refresh = () => {
    void mutate();
    void mutateGallery();
  };
  const drop = async (target: Photo) => {
    if (!dragged || dragged === target._id) return;
    const ids = photos.map((p) => p._id).filter((id) => id !== dragged);
    ids.splice(ids.indexOf(target._id), 0, dragged);
    setDragged(null);
    await mutate(catalogueApi.reorder(galleryId, ids), {
      optimisticData: { ...data, data: ids.map((id) => photos.find((p) => p._id === id)!) },
    });
  };
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      toast.success(ok);
      refresh();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="gallery-photos-manager">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{gallery.title}</h1>
          <p className="text-sm text-zinc-500">
            {t('catalogue.photos', { count: gallery.numPhotos })} · {t('catalogue.dragToReorder')}
          </p>
        </div>
      </header>
      <UploadField
        endpoint="/performer/performer-assets/photos/upload"
        query={{ galleryId }}
        fieldName="photo"
        accept="image/*"
        multiple
        label={t('catalogue.uploadPhotos')}
        hint={t('catalogue.uploadMany')}
        onUploaded={refresh}
      />
      {photos.length === 0 ? (
        <EmptyState title={t('catalogue.types.gallery.noPhotos')} description={t('catalogue.uploadMany')} />
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {photos.map((p) => (
            <li
              key={p._id}
              draggable
              onDragStart={() => setDragged(p._id)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => void drop(p)}
              className={`relative aspect-square overflow-hidden rounded-xl border-2 ${p.isCover ? 'border-brand-500' : 'border-transparent'}`}
              data-testid="studio-photo"
            >
              <img
                src={p.photo?.thumbnail ?? p.photo?.url}
                alt={p.title}
                className="size-full object-cover"
                draggable={false}
              />
              <div className="absolute right-1 bottom-1 flex gap-1">
                <Button
                  size="icon"
                  variant="inverse"
                  aria-label={t('catalogue.setCover')}
                  onClick={() => run(() => catalogueApi.setCover(p._id), t('catalogue.coverSet'))}
                >
                  <Star className={`size-4 ${p.isCover ? 'fill-current' : ''}`} />
                </Button>
                <Button
                  size="icon"
                  variant="inverse"
                  aria-label={t('catalogue.deletePhoto')}
                  onClick={() => run(() => catalogueApi.deletePhoto(p._id), t('catalogue.photoDeleted'))}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
