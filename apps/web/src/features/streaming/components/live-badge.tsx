import { Eye, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function LiveBadge({ className, size = 'sm' }: { className?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-red-600 font-bold text-white shadow',
        size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm',
        className,
      )}
    >
      <Radio className={size === 'sm' ? 'size-3' : 'size-4'} aria-hidden="true" /> {t('streaming.liveBadge')}
    </span>
  );
}

export function ViewerCount({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white',
        className,
      )}
      data-testid="viewer-count"
    >
      <Eye className="size-3.5" aria-hidden="true" />
      {compact.format(count)}
      <span className="sr-only">{t('streaming.viewersWord', { count })}</span>
    </span>
  );
}
