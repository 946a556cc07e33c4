import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ItemPage } from '../features/catalogue/components/item-page';
import { usePageTitle } from '../features/settings/hooks';

export default function ProductDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageTitle(t('pages.product'));
  return <ItemPage type="product" id={id} />;
}
