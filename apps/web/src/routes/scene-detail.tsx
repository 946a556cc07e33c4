import { useParams } from 'react-router';
import { ItemPage } from '../features/catalogue/components/item-page';
import { usePageTitle } from '../features/settings/hooks';

export default function SceneDetailPage() {
  const { id = '' } = useParams();
  usePageTitle('Scene');
  return <ItemPage type="scene" id={id} />;
}
