import { Suspense } from 'react';
import { PageSpinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api';
import { Hero } from '../features/home/components/hero';
import { TopCreators } from '../features/home/components/top-creators';
import { Trending } from '../features/home/components/trending';
import { PromoBanners } from '../features/profiles/components/promo-banners';
import { usePageTitle } from '../features/settings/hooks';
import { loadEnglish } from '../lib/i18n/english';
import { lazyNamed } from '../lib/lazy-named';

/**
 * The signed-in feed (timeline, stories, post cards) and its English texts load for a member only:
 * the first load of `/` is a visitor's and stays under its budget (docs/performance.md).
 */
const HomeFeed = lazyNamed(
  () =>
    loadEnglish(['catalogue', 'posts', 'profiles', 'review', 'stories', 'streaming', 'subscriptions']).then(
      () => import('../features/feeds/components/home-feed'),
    ),
  'HomeFeed',
);

export default function HomePage() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle();
  return (
    <>
      {/* Home promos greet visitors (e.g. "New here?"); signed-in members go straight to their feed. */}
      {!user && !isLoading && <PromoBanners placement="home" />}
      {!user && !isLoading && <Hero />}
      {user && (
        <Suspense fallback={<PageSpinner />}>
          <HomeFeed isPerformer={user.isPerformer} />
        </Suspense>
      )}
      {!user && (
        <>
          <TopCreators />
          <Trending />
        </>
      )}
    </>
  );
}
