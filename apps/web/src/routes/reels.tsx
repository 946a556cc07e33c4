import { useSearchParams } from 'react-router';
import { ReelsViewer } from '../features/catalogue/components/reels-viewer';
import { usePageTitle } from '../features/settings/hooks';

export default function ReelsPage() {
  const [params] = useSearchParams();
  usePageTitle('Reels');
  return <ReelsViewer startId={params.get('start') ?? undefined} performerId={params.get('performer') ?? undefined} />;
}
