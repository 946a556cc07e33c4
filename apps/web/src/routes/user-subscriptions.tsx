import { MySubscriptions } from '../features/subscriptions/components/my-subscriptions';

export default function UserSubscriptionsPage() {
  return <MySubscriptions />;
}
