import { BookmarkedPosts } from '../features/feeds/components/bookmarked-posts';
import { usePageTitle } from '../features/settings/hooks';

export default function BookmarkedPostsPage() {
  usePageTitle('Saved posts');
  return <BookmarkedPosts />;
}
