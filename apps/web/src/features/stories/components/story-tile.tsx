import type { Story } from '@marquee/shared';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A story's preview: its picture (or poster) or its text on its colour. */
export function StoryThumb({ story, className }: { story: Story; className?: string }) {
  const { t } = useTranslation();
  const m = story.media;
  const picture =
    m && !story.locked ? (m.thumbnail ?? m.posterUrl ?? (m.type === 'photo' ? m.url : undefined)) : m?.blurredUrl;
  return (
    <div
      className={`relative flex items-center justify-center overflow-hidden ${className ?? ''}`}
      style={{ background: story.backgroundColor ?? '#27272a' }}
    >
      {picture ? (
        <img src={picture} alt="" className="absolute inset-0 size-full object-cover" />
      ) : (
        <span className="line-clamp-4 px-2 text-center text-xs font-semibold text-white">{story.text}</span>
      )}
      {story.locked && (
        <Lock className="relative size-5 text-white" aria-label={t('posts.visibility.subscribersOnly')} />
      )}
    </div>
  );
}
