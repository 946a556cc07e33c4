import { Composer } from '../features/feeds/components/composer';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorFeedsNewPage() {
  usePageTitle('New post');
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">New post</h1>
      <Composer />
    </div>
  );
}
