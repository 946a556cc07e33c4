import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorScenesPage() {
  usePageTitle('My scenes');
  return <Studio type="scene" />;
}
