import { useTranslation } from 'react-i18next';
import { Button } from './button';

type PagerProps = { page: number; onPage: (page: number) => void } & (
  | { pages: number }
  | { total: number; pageSize: number }
);

/** "Previous · 2 / 5 · Next" under a paginated list; renders nothing when there is one page. */
export function Pager(props: PagerProps) {
  const { page, onPage } = props;
  const { t } = useTranslation();
  const pages = 'pages' in props ? props.pages : Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('common.pages')} className="flex items-center justify-center gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span className="text-sm text-zinc-500">
        {page} / {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
