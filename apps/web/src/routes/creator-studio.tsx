import { useTranslation } from 'react-i18next';
import { CreatorHome } from '../features/creator-home/components/creator-home';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorStudioPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.Studio'));
  return <CreatorHome />;
}
