import { SubscriptionSettingsForm } from '../features/subscriptions/components/subscription-settings-form';

export default function CreatorSubscriptionSettingsPage() {
  return <SubscriptionSettingsForm />;
}
