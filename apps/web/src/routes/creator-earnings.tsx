import { EarningsPage } from '../features/earnings/components/earnings-page';

export default function CreatorEarningsRoute() {
  return <EarningsPage />;
}
