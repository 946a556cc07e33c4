import { AccountPage } from '../features/account/components/account-page';

export default function CreatorAccountPage() {
  return <AccountPage kind="creator" />;
}
