import { PaymentResultPage } from '../features/payments/components/result-page';

export default function PaymentsResultRoute() {
  return <PaymentResultPage />;
}
