import { TransparencyPage } from '../features/dsa/components/transparency-page';

export default function Page() {
  return <TransparencyPage />;
}
