import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { PageSpinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api';
import { useFeed } from '../features/feeds/api';
import { CommentsThread } from '../features/feeds/components/comments-thread';
import { PostCard } from '../features/feeds/components/post-card';
import { usePageTitle } from '../features/settings/hooks';

export default function FeedDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data, error, isLoading, mutate } = useFeed(id);
  const { user } = useCurrentUser();
  usePageTitle(data?.performer ? t('pages.postBy', { name: data.performer.name }) : t('pages.post'));
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <EmptyState title={t('pages.postNotFound')} description={t('catalogue.notFoundText')} />;
  return (
    <div className="mx-auto max-w-2xl">
      {/* The page's title for screen readers (the card shows the creator and the text). */}
      <h1 className="sr-only">{t('pages.postBy', { name: data.performer?.name ?? '' })}</h1>
      <PostCard feed={data} detail onChange={() => void mutate()} />
      <CommentsThread feedId={data._id} canComment={Boolean(user) && !data.locked} onChange={() => void mutate()} />
    </div>
  );
}
