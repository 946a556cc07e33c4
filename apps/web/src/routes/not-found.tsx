import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { usePageTitle } from '../features/settings/hooks';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound'));
  return (
    <EmptyState
      icon={Compass}
      level={1}
      className="mx-auto mt-8 max-w-2xl py-16"
      title={t('pages.notFound')}
      description={t('pages.notFoundText')}
      action={
        <Link to="/" className={buttonClasses()}>
          {t('pages.backHome')}
        </Link>
      }
    />
  );
}
