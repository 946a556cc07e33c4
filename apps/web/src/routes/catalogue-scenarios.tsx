import { CataloguePage } from '../features/catalogue/components/catalogue-page';
import { usePageTitle } from '../features/settings/hooks';

export default function ScenariosCataloguePage() {
  usePageTitle('Scenarios');
  return <CataloguePage type="scenario" />;
}
