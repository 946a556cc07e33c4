import { Subscribers } from '../features/subscriptions/components/subscribers';

export default function CreatorSubscribersPage() {
  return <Subscribers />;
}
