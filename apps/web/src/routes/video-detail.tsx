import { useParams } from 'react-router';
import { ItemPage } from '../features/catalogue/components/item-page';
import { usePageTitle } from '../features/settings/hooks';

export default function VideoDetailPage() {
  const { id = '' } = useParams();
  usePageTitle('Video');
  return <ItemPage type="video" id={id} />;
}
