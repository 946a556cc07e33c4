import { AgeCheckReturn } from '../features/age-assurance/components/age-check-return';

export default function AgeCheckReturnPage() {
  return <AgeCheckReturn />;
}
