import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { GalleryView } from '../features/catalogue/components/gallery-view';
import { usePageTitle } from '../features/settings/hooks';

export default function GalleryDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageTitle(t('pages.gallery'));
  return <GalleryView id={id} />;
}
