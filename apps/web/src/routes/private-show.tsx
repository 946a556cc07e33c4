import { useParams } from 'react-router';
import { PrivateShowPage } from '../features/streaming/components/private-show-page';

export default function PrivateShow() {
  const { sessionId = '' } = useParams();
  return <PrivateShowPage key={sessionId} sessionId={sessionId} />;
}
