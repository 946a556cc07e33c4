import { GoogleCallbackPage } from '../features/auth/components/recovery-pages';

export default function Page() {
  return <GoogleCallbackPage />;
}
