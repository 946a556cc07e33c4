import { CataloguePage } from '../features/catalogue/components/catalogue-page';
import { usePageTitle } from '../features/settings/hooks';

export default function StoreCataloguePage() {
  usePageTitle('Store');
  return <CataloguePage type="product" />;
}
