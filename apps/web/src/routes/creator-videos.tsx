import { useTranslation } from 'react-i18next';
import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorVideosPage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.video.mine'));
  return <Studio type="video" />;
}
