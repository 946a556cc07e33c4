import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorGalleriesPage() {
  usePageTitle('My galleries');
  return <Studio type="gallery" />;
}
