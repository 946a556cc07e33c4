import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import { useApi } from '../../../lib/use-api';
import { usePageTitle } from '../../settings/hooks';
import { DecisionCard } from './decision-card';

/**
 * The statement of reasons through the signed link of its mail (/appeal/<token>): the decision and
 * the appeal form, without signing in, so a suspended account can appeal its suspension.
 */
export function AppealLinkPage() {
  const { t } = useTranslation();
  usePageTitle(t('dsa.linkTitle'));
  const { token = '' } = useParams();
  const { data, error, isLoading, mutate } = useApi('/decision-links/{token}', { path: { token } });
  const expired = isApiError(error) && error.code === 'LINK_EXPIRED';
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold">{t('dsa.linkTitle')}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('dsa.linkIntro')}</p>
      {isLoading && <PageSpinner />}
      {error && <EmptyState title={expired ? t('dsa.linkExpired') : t('dsa.linkInvalid')} />}
      {data && (
        <DecisionCard
          d={data}
          onChanged={() => mutate()}
          sendAppeal={(text) => client.post('/decision-links/{token}/appeal', { path: { token }, body: { text } })}
        />
      )}
    </div>
  );
}
