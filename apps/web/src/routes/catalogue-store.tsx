import { useTranslation } from 'react-i18next';
import { CataloguePage } from '../features/catalogue/components/catalogue-page';
import { usePageTitle } from '../features/settings/hooks';

export default function StoreCataloguePage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.store'));
  return <CataloguePage type="product" />;
}
