import { ExploreView } from '../features/profiles/components/explore-view';

export default function ExplorePage() {
  return <ExploreView />;
}
