import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReelsViewer } from '../features/catalogue/components/reels-viewer';
import { usePageTitle } from '../features/settings/hooks';

export default function ReelsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('catalogue.types.reel.many'));
  return <ReelsViewer startId={params.get('start') ?? undefined} performerId={params.get('performer') ?? undefined} />;
}
