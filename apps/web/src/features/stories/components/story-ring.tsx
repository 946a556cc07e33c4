import { Avatar } from '../../../components/ui';
import { cn } from '../../../lib/cn';

/** An avatar in a story ring: colourful while something is unseen, grey once watched. */
export function StoryRing({
  src,
  alt,
  unseen,
  size = 'md',
}: {
  src: string | null | undefined;
  alt: string;
  unseen: boolean;
  size?: 'md' | 'lg';
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full p-0.5',
        unseen ? 'bg-gradient-to-tr from-amber-400 via-pink-500 to-brand-600' : 'bg-zinc-300 dark:bg-zinc-700',
      )}
      data-unseen={unseen}
    >
      <Avatar src={src} alt={alt} size={size} />
    </span>
  );
}
