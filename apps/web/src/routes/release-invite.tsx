import { ReleaseInvitePage } from '../features/releases/components/release-invite-page';

export default function Page() {
  return <ReleaseInvitePage />;
}
