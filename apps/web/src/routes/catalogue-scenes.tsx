import { useTranslation } from 'react-i18next';
import { CataloguePage } from '../features/catalogue/components/catalogue-page';
import { usePageTitle } from '../features/settings/hooks';

export default function ScenesCataloguePage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.scene.many'));
  return <CataloguePage type="scene" />;
}
