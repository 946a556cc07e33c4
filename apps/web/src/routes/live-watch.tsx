import { useParams } from 'react-router';
import { WatchPage } from '../features/streaming/components/watch-page';

export default function LiveWatch() {
  const { id = '' } = useParams();
  return <WatchPage key={id} streamId={id} />;
}
