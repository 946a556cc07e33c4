import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorScenariosPage() {
  usePageTitle('My scenarios');
  return <Studio type="scenario" />;
}
