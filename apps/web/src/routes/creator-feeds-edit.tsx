import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { PageSpinner } from '../components/ui/spinner';
import { useMyFeed } from '../features/feeds/api';
import { Composer } from '../features/feeds/components/composer';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorFeedsEditPage() {
  const { id } = useParams();
  const { data, isLoading, error } = useMyFeed(id);
  usePageTitle('Edit post');
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <EmptyState title="Post not found" />;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">Edit post</h1>
      <Composer existing={data} />
    </div>
  );
}
