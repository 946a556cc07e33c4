import { useParams } from 'react-router';
import { ItemPage } from '../features/catalogue/components/item-page';
import { usePageTitle } from '../features/settings/hooks';

export default function ScenarioDetailPage() {
  const { id = '' } = useParams();
  usePageTitle('Scenario');
  return <ItemPage type="scenario" id={id} />;
}
