import { useTranslation } from 'react-i18next';
import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorScenariosPage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.scenario.mine'));
  return <Studio type="scenario" />;
}
