import { CataloguePage } from '../features/catalogue/components/catalogue-page';
import { usePageTitle } from '../features/settings/hooks';

export default function ScenesCataloguePage() {
  usePageTitle('Scenes');
  return <CataloguePage type="scene" />;
}
