import { Custodian2257Page } from '../features/releases/components/records-2257';

export default function Page() {
  return <Custodian2257Page />;
}
