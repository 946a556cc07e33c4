import { useCurrentUser } from '../features/auth/api';
import { HomeFeed } from '../features/feeds/components/home-feed';
import { Hero } from '../features/home/components/hero';
import { TopCreators } from '../features/home/components/top-creators';
import { Trending } from '../features/home/components/trending';
import { PromoBanners } from '../features/profiles/components/promo-banners';
import { usePageTitle } from '../features/settings/hooks';

export default function HomePage() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle();
  return (
    <>
      {/* Home promos greet visitors (e.g. "New here?"); signed-in members go straight to their feed. */}
      {!user && !isLoading && <PromoBanners placement="home" />}
      {!user && !isLoading && <Hero />}
      {user && <HomeFeed isPerformer={user.isPerformer} />}
      {!user && (
        <>
          <TopCreators />
          <Trending />
        </>
      )}
    </>
  );
}
