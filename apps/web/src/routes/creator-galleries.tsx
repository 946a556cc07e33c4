import { useTranslation } from 'react-i18next';
import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorGalleriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.gallery.mine'));
  return <Studio type="gallery" />;
}
