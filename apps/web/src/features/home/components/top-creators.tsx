import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { PerformerCard } from '../../performers/components/performer-card';
import { useTopCreators } from '../api';
import { Section } from './section';

export function TopCreators() {
  const { t } = useTranslation();
  const { items, isLoading } = useTopCreators();
  return (
    <Section id="top-creators" title={t('home.topCreators')} subtitle={t('home.topCreatorsText')}>
      {isLoading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} className="h-48 rounded-2xl" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={Users} title={t('home.noCreators')} description={t('home.noCreatorsText')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
          {/* Whole rows of the 5-column grid: ten at most. */}
          {items.slice(0, 10).map((p) => (
            <li key={p._id}>
              <PerformerCard performer={p} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
