import { useTranslation } from 'react-i18next';
import { Studio } from '../features/catalogue/components/studio';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorProductsPage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.types.product.mine'));
  return <Studio type="product" />;
}
