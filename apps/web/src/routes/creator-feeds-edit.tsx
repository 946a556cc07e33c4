import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { PageSpinner } from '../components/ui/spinner';
import { useMyFeed } from '../features/feeds/api';
import { Composer } from '../features/feeds/components/composer';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorFeedsEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data, isLoading, error } = useMyFeed(id);
  usePageTitle(t('pages.editPost'));
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <EmptyState title={t('pages.postNotFound')} />;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{t('pages.editPost')}</h1>
      <Composer existing={data} />
    </div>
  );
}
