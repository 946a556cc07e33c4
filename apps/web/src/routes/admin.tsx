import { useParams } from 'react-router';
import { AdminConsole } from '../features/admin/components/admin-console';

export default function AdminPage() {
  const { section } = useParams();
  return <AdminConsole section={section} />;
}
