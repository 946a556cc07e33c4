import type { Photo } from '@marquee/shared';
import { ChevronLeft, ChevronRight, Lock, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Full-screen photo viewer: swipe or arrow keys to move, Escape to close. */
export function Lightbox({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: Photo[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const startX = useRef<number | null>(null);
  const go = (d: number) => onIndex((index + d + photos.length) % photos.length);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const p = photos[index];
  const src = p.photo?.url ?? p.photo?.blurredUrl;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t('catalogue.photoViewer')}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/95 select-none"
      data-testid="lightbox"
      onPointerDown={(e) => {
        startX.current = e.clientX;
      }}
      onPointerUp={(e) => {
        if (startX.current === null) return;
        const dx = e.clientX - startX.current;
        startX.current = null;
        if (Math.abs(dx) > 40) go(dx < 0 ? 1 : -1);
      }}
    >
      {src && <img src={src} alt={p.title} className="max-h-full max-w-full object-contain" draggable={false} />}
      {!p.unlocked && <Lock className="absolute size-10 text-white" aria-label={t('catalogue.locked')} />}
      <button
        type="button"
        className="absolute top-4 right-4 rounded-full bg-white/10 p-2 text-white"
        onClick={onClose}
        aria-label={t('common.close')}
      >
        <X className="size-6" />
      </button>
      <button
        type="button"
        className="absolute left-2 rounded-full bg-white/10 p-2 text-white"
        onClick={() => go(-1)}
        aria-label={t('catalogue.previousPhoto')}
      >
        <ChevronLeft className="size-6" />
      </button>
      <button
        type="button"
        className="absolute right-2 rounded-full bg-white/10 p-2 text-white"
        onClick={() => go(1)}
        aria-label={t('catalogue.nextPhoto')}
      >
        <ChevronRight className="size-6" />
      </button>
      <p className="absolute bottom-4 text-sm text-white/80">
        {index + 1} / {photos.length}
      </p>
    </div>
  );
}
