import { useTranslation } from 'react-i18next';
import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorScenesPage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.scene.mine'));
  return <Studio type="scene" />;
}
