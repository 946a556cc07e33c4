import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { ProfileStoriesStrip } from '../../stories/components/profile-stories';
import { useCreatorFeeds } from '../api';
import { PostCard } from './post-card';
import { PostSkeleton, useInfiniteSentinel } from './timeline';

/** The Posts tab of a creator's profile: stories and highlights, then posts (pinned first, newest next, infinite scroll). */
export function ProfileFeedTab({ creator }: { creator: ProfileCreator }) {
  return (
    <>
      <ProfileStoriesStrip creator={creator} />
      <ProfilePosts creator={creator} />
    </>
  );
}

interface ProfileCreator {
  username?: string | null;
  _id: string;
  name?: string;
  avatar?: string | null;
}

function ProfilePosts({ creator }: { creator: ProfileCreator }) {
  const { t } = useTranslation();
  const key = creator.username ?? creator._id;
  const { data, size, setSize, isLoading, isValidating, mutate } = useCreatorFeeds(key);
  const posts = data?.flatMap((p) => p.data) ?? [];
  const total = data?.[0]?.total ?? 0;
  const hasMore = posts.length < total;
  const sentinel = useInfiniteSentinel(() => {
    if (!isValidating) void setSize(size + 1);
  }, hasMore);
  if (isLoading) return <PostSkeleton />;
  if (posts.length === 0)
    return (
      <EmptyState
        icon={Newspaper}
        title={t('profiles.tabs.posts.empty')}
        description={t('posts.notPostedYet', { name: creator.name ?? t('posts.thisCreator') })}
      />
    );
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="profile-feed">
      {posts.map((f) => (
        <PostCard key={f._id} feed={f} onChange={() => void mutate()} />
      ))}
      <div ref={sentinel} />
      {isValidating && hasMore && <Spinner />}
    </div>
  );
}
