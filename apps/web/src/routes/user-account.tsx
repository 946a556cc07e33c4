import { AccountPage } from '../features/account/components/account-page';

export default function UserAccountPage() {
  return <AccountPage kind="user" />;
}
