import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageTitle } from '../../settings/hooks';
import { useBookmarkedCreators, useFollowing } from '../api';
import { CreatorGrid } from './creator-grid';

const exploreAction = (
  <Link to="/explore" className={buttonClasses('primary')}>
    Explore creators
  </Link>
);

export function FollowingView() {
  usePageTitle('Following');
  const list = useFollowing();
  return (
    <div>
      <h1 className="mb-1 text-2xl font-extrabold tracking-tight sm:text-3xl">Following</h1>
      <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">Creators you follow, most recent first.</p>
      <CreatorGrid
        {...list}
        empty={{
          title: 'You are not following anyone yet',
          description: 'Follow creators to keep up with them.',
          action: exploreAction,
        }}
      />
    </div>
  );
}

export function BookmarksView() {
  usePageTitle('Bookmarks');
  const list = useBookmarkedCreators();
  return (
    <div>
      <h1 className="mb-1 text-2xl font-extrabold tracking-tight sm:text-3xl">Bookmarks</h1>
      <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">Creators you saved for later.</p>
      <CreatorGrid
        {...list}
        empty={{
          title: 'No bookmarks yet',
          description: 'Tap the bookmark on a profile to save it here.',
          action: exploreAction,
        }}
      />
    </div>
  );
}
