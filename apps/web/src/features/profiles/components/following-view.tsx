import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageTitle } from '../../settings/hooks';
import { useBookmarkedCreators, useFollowing } from '../api';
import { CreatorGrid } from './creator-grid';

const exploreAction = (
  <Link to="/explore" className={buttonClasses('primary')}>
    <Trans i18nKey="profiles.explore.title" />
  </Link>
);

export function FollowingView() {
  const { t } = useTranslation();
  usePageTitle(t('profiles.following.title'));
  const list = useFollowing();
  return (
    <div>
      <h1 className="mb-1 text-2xl font-extrabold tracking-tight sm:text-3xl">{t('profiles.following.title')}</h1>
      <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">{t('profiles.following.intro')}</p>
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
  const { t } = useTranslation();
  usePageTitle(t('profiles.bookmarks.title'));
  const list = useBookmarkedCreators();
  return (
    <div>
      <h1 className="mb-1 text-2xl font-extrabold tracking-tight sm:text-3xl">{t('profiles.bookmarks.title')}</h1>
      <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">{t('profiles.bookmarks.intro')}</p>
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
