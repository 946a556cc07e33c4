import { AppealLinkPage } from '../features/dsa/components/appeal-link-page';

export default function Page() {
  return <AppealLinkPage />;
}
