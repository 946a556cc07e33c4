import { FileQuestion } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage, isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/i18n/format';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { usePageTitle } from '../../settings/hooks';
import { usePost } from '../api';

export function CmsArticle({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = usePost(slug);
  const html = useMemo(() => (data?.content ? sanitizeHtml(data.content) : ''), [data?.content]);
  usePageTitle(data?.title ?? (error ? t('pages.notFound') : undefined));

  if (isLoading) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    );
  }
  if (error || !data) {
    const missing = !error || (isApiError(error) && error.statusCode === 404);
    return (
      <EmptyState
        icon={FileQuestion}
        level={1}
        className="mx-auto max-w-2xl"
        title={missing ? t('pages.notFound') : t('pages.loadError')}
        description={missing ? t('pages.notFoundText') : getErrorMessage(error)}
        action={
          <Link to="/" className={buttonClasses('outline')}>
            {t('pages.backHome')}
          </Link>
        }
      />
    );
  }
  return (
    <article className="mx-auto max-w-3xl rounded-3xl border border-zinc-200/80 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-12 dark:border-zinc-800 dark:bg-zinc-900">
      <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{data.title}</h1>
      {data.updatedAt && (
        <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">
          {t('pages.lastUpdated', { date: formatDate(data.updatedAt, { dateStyle: 'long' }) })}
        </p>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with an allow-list above. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
