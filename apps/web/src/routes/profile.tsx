import { useParams } from 'react-router';
import { ProfileView } from '../features/profiles/components/profile-view';

export default function ProfilePage() {
  const { profileId = '' } = useParams();
  return <ProfileView key={profileId} profileId={profileId} />;
}
