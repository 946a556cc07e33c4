import { useParams } from 'react-router';
import { SandboxCheckout } from '../features/subscriptions/components/sandbox-checkout';

export default function SubscriptionCheckoutPage() {
  const { id } = useParams();
  return id ? <SandboxCheckout paymentId={id} /> : null;
}
