import { useParams } from 'react-router';
import { GalleryView } from '../features/catalogue/components/gallery-view';
import { usePageTitle } from '../features/settings/hooks';

export default function GalleryDetailPage() {
  const { id = '' } = useParams();
  usePageTitle('Gallery');
  return <GalleryView id={id} />;
}
