import { DecisionsPage } from '../features/dsa/components/decisions-page';

export default function Page() {
  return <DecisionsPage />;
}
