import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { GalleryPhotosManager } from '../features/catalogue/components/gallery-photos-manager';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorGalleryPhotosPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageTitle(t('pages.galleryPhotos'));
  return <GalleryPhotosManager galleryId={id} />;
}
