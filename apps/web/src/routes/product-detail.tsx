import { useParams } from 'react-router';
import { ItemPage } from '../features/catalogue/components/item-page';
import { usePageTitle } from '../features/settings/hooks';

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  usePageTitle('Product');
  return <ItemPage type="product" id={id} />;
}
