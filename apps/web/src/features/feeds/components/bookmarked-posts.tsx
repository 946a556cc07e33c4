import { Bookmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { useBookmarkedFeeds } from '../api';
import { PostCard } from './post-card';
import { PostSkeleton } from './timeline';

/** The fan's bookmarked posts (GET /reactions/feeds/bookmark). */
export function BookmarkedPosts() {
  const { t } = useTranslation();
  const { data, isLoading, mutate } = useBookmarkedFeeds();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('nav.Saved posts')}</h1>
      {isLoading && <PostSkeleton />}
      {data && data.data.length === 0 && (
        <EmptyState icon={Bookmark} title={t('posts.noSaved')} description={t('posts.noSavedText')} />
      )}
      {data?.data.map((f) => (
        <PostCard key={f._id} feed={f} onChange={() => void mutate()} />
      ))}
    </div>
  );
}
