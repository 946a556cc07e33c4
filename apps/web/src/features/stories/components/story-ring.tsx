import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';

/** An avatar in a story ring: colourful while something is unseen, grey once watched. */
export function StoryRing({
  src,
  alt,
  name,
  unseen,
  size = 'md',
}: {
  src: string | null | undefined;
  alt: string;
  name?: string | null;
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
      <Avatar src={src} alt={alt} name={name} size={size} />
    </span>
  );
}
