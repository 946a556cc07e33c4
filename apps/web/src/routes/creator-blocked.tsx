import { BlockedSettings } from '../features/profiles/components/blocked-settings';

export default function CreatorBlockedPage() {
  return <BlockedSettings />;
}
