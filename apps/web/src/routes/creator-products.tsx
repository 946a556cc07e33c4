import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorProductsPage() {
  usePageTitle('My products');
  return <Studio type="product" />;
}
