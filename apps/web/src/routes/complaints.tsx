import { ComplaintPage } from '../features/complaints/components/complaint-form';

export default function Page() {
  return <ComplaintPage />;
}
