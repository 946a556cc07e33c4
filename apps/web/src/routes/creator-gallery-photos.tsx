import { useParams } from 'react-router';
import { GalleryPhotosManager } from '../features/catalogue/components/gallery-photos-manager';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorGalleryPhotosPage() {
  const { id = '' } = useParams();
  usePageTitle('Gallery photos');
  return <GalleryPhotosManager galleryId={id} />;
}
