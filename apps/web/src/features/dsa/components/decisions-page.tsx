import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useApi } from '../../../lib/use-api';
import { usePageTitle } from '../../settings/hooks';
import { DecisionCard } from './decision-card';

/** "Decisions about my account and content" (/account/decisions): statements of reasons and appeals. */
export function DecisionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('dsa.decisionsTitle'));
  const { data, isLoading, mutate } = useApi('/decisions', { query: { page: 1, pageSize: 50 } });
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold">{t('dsa.decisionsTitle')}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('dsa.decisionsIntro')}</p>
      {isLoading && <PageSpinner />}
      {data?.data.length === 0 && <EmptyState title={t('dsa.empty')} />}
      {data?.data.map((d) => (
        <DecisionCard key={d._id} d={d} onChanged={() => mutate()} />
      ))}
    </div>
  );
}
