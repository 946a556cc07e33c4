import { CreatorHome } from '../features/creator-home/components/creator-home';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorStudioPage() {
  usePageTitle('Studio');
  return <CreatorHome />;
}
