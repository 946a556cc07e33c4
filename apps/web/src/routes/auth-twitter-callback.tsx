import { TwitterCallbackPage } from '../features/auth/components/social-callbacks';

export default function Page() {
  return <TwitterCallbackPage />;
}
