import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ItemPage } from '../features/catalogue/components/item-page';
import { usePageTitle } from '../features/settings/hooks';

export default function VideoDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageTitle(t('pages.video'));
  return <ItemPage type="video" id={id} />;
}
