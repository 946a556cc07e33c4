import { FollowingView } from '../features/profiles/components/following-view';

export default function FollowingPage() {
  return <FollowingView />;
}
