import { FALLBACK_IMAGE } from '@marquee/shared/constants';
import { useState } from 'react';
import { cn } from '../../lib/cn';

export interface AvatarProps {
  src?: string | null;
  alt: string;
  /** Whose avatar: the initials come from it (alt is often empty when the name is shown beside). */
  name?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

const sizes = {
  xs: 'size-7 text-[10px]',
  sm: 'size-9 text-xs',
  md: 'size-12 text-sm',
  lg: 'size-20 text-2xl',
  xl: 'size-28 text-3xl',
};

/** Backgrounds for initials: each passes 4.5:1 against white text. */
const COLOURS = ['#7c3aed', '#be185d', '#0f766e', '#b45309', '#1d4ed8', '#15803d', '#b91c1c', '#4338ca', '#0e7490'];

export function initialsOf(name: string): string {
  const words = name
    .replace(/^@/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0][0]}${words[words.length - 1][0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

export function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[h % COLOURS.length];
}

/** Round avatar; without a picture (or when it fails to load) the initials on a colour of the name. */
export function Avatar({ src, alt, name, size = 'sm', className }: AvatarProps) {
  const who = name || alt || '?';
  const [failed, setFailed] = useState<string | null>(null);
  const classes = cn('shrink-0 rounded-full ring-2 ring-white dark:ring-zinc-900', sizes[size], className);
  if (!src || src === FALLBACK_IMAGE || src.endsWith(FALLBACK_IMAGE) || failed === src) {
    // Initials drawn by CSS (content: attr()): a button around the avatar keeps its own name
    // ("Account menu") without visible text that is not part of it.
    const style = { backgroundColor: colourOf(who) };
    const initialsClasses = cn(
      classes,
      'inline-flex select-none items-center justify-center font-semibold text-white before:content-[attr(data-initials)]',
    );
    return alt ? (
      <span role="img" aria-label={alt} data-initials={initialsOf(who)} style={style} className={initialsClasses} />
    ) : (
      <span aria-hidden="true" data-initials={initialsOf(who)} style={style} className={initialsClasses} />
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={cn(classes, 'bg-zinc-200 object-cover dark:bg-zinc-800')}
    />
  );
}
