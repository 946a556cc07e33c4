import { LiveNowPage } from '../features/streaming/components/live-now-page';

export default function Live() {
  return <LiveNowPage />;
}
