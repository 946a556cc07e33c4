import { useParams, useSearchParams } from 'react-router';
import { SandboxCheckout } from '../features/wallet/components/sandbox-checkout';

export default function PaymentSandboxCheckoutRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return id ? <SandboxCheckout paymentId={id} returnTo={params.get('returnTo')} /> : null;
}
