import { BookmarksView } from '../features/profiles/components/following-view';

export default function BookmarksPage() {
  return <BookmarksView />;
}
