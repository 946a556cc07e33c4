import { useTranslation } from 'react-i18next';
import { CataloguePage } from '../features/catalogue/components/catalogue-page';
import { usePageTitle } from '../features/settings/hooks';

export default function ScenariosCataloguePage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.scenario.many'));
  return <CataloguePage type="scenario" />;
}
