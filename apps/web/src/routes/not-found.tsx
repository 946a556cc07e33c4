import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { usePageTitle } from '../features/settings/hooks';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <EmptyState
      icon={Compass}
      level={1}
      className="mx-auto mt-8 max-w-2xl py-16"
      title="Page not found"
      description="The page you are looking for does not exist or has been moved."
      action={
        <Link to="/" className={buttonClasses()}>
          Back to home
        </Link>
      }
    />
  );
}
