import { ReferralsPage } from '../features/earnings/components/referrals-page';

export default function ReferralsRoute() {
  return <ReferralsPage />;
}
