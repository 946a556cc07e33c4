import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCreatorPhotos } from '../api';
import { Lightbox } from './lightbox';

/** The Photos tab: a creator's photos across galleries (locked ones blurred), opening in the lightbox. */
export function ProfilePhotosTab({ creator }: { creator: { _id: string; username?: string | null } }) {
  const { t } = useTranslation();
  const { data, isLoading } = useCreatorPhotos(creator.username ?? creator._id);
  const [open, setOpen] = useState<number | null>(null);
  if (isLoading) return <Skeleton className="h-48 rounded-2xl" />;
  const photos = data?.data ?? [];
  if (!photos.length) return <EmptyState title={t('catalogue.types.gallery.noPhotos')} />;
  return (
    <>
      <div className="grid grid-cols-3 gap-1" data-testid="profile-photos">
        {photos.map((p, i) => (
          <button
            key={p._id}
            type="button"
            className="relative aspect-square overflow-hidden bg-zinc-200"
            onClick={() => setOpen(i)}
            aria-label={t('catalogue.openPhoto', { n: i + 1 })}
          >
            <img
              src={p.photo?.thumbnail ?? p.photo?.blurredUrl}
              alt={p.title}
              className="size-full object-cover"
              loading="lazy"
            />
            {!p.unlocked && <Lock className="absolute inset-0 m-auto size-5 text-white" aria-hidden />}
          </button>
        ))}
      </div>
      {open !== null && <Lightbox photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}
