import { PayoutsPage } from '../features/payouts/components/payouts-page';

export default function CreatorPayoutsRoute() {
  return <PayoutsPage />;
}
