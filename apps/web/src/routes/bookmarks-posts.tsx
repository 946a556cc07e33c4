import { useTranslation } from 'react-i18next';
import { BookmarkedPosts } from '../features/feeds/components/bookmarked-posts';
import { usePageTitle } from '../features/settings/hooks';

export default function BookmarkedPostsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.Saved posts'));
  return <BookmarkedPosts />;
}
