import { EmailChangeConfirmPage } from '../features/auth/components/email-change-pages';

export default function Page() {
  return <EmailChangeConfirmPage />;
}
