import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorReelsPage() {
  usePageTitle('My reels');
  return <Studio type="reel" />;
}
