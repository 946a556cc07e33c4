import { StudioPage } from '../features/streaming/components/studio-page';

export default function CreatorLive() {
  return <StudioPage />;
}
