import type { ContentType } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useCategories } from '../api';
import { ContentGrid } from './content-grid';

/** A browsable catalogue of one type; scenes and scenarios filter by category. */
export function CataloguePage({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const withCategories = type === 'scene' || type === 'scenario';
  const { data: categories } = useCategories();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold">
        {type === 'product' ? t('catalogue.store') : t(`catalogue.types.${type}.many`)}
      </h1>
      {withCategories && (
        <fieldset className="flex flex-wrap gap-2" aria-label={t('catalogue.categories')}>
          {[{ _id: undefined, name: t('catalogue.all') }, ...(categories?.data ?? [])].map((c) => (
            <button
              key={c._id ?? 'all'}
              type="button"
              onClick={() => setCategoryId(c._id)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                categoryId === c._id
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-zinc-300 dark:border-zinc-700',
              )}
            >
              {c.name}
            </button>
          ))}
        </fieldset>
      )}
      <ContentGrid type={type} query={{ categoryId }} />
    </div>
  );
}
