import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorVideosPage() {
  usePageTitle('My videos');
  return <Studio type="video" />;
}
