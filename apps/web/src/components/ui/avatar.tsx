import { FALLBACK_IMAGE } from '@marquee/shared/constants';
import { useState } from 'react';
import { cn } from '../../lib/cn';

export interface AvatarProps {
  src?: string | null;
  alt: string;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

const sizes = { xs: 'size-7', sm: 'size-9', md: 'size-12', lg: 'size-20', xl: 'size-28' };

/** Round avatar that falls back to the placeholder image (spec §9) when missing or broken. */
export function Avatar({ src, alt, size = 'sm', className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : FALLBACK_IMAGE;
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn(
        'shrink-0 rounded-full bg-zinc-200 object-cover ring-2 ring-white dark:bg-zinc-800 dark:ring-zinc-900',
        sizes[size],
        className,
      )}
    />
  );
}
