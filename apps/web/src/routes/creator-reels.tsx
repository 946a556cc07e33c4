import { useTranslation } from 'react-i18next';
import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorReelsPage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.reel.mine'));
  return <Studio type="reel" />;
}
