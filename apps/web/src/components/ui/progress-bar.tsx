import { cn } from '../../lib/cn';

export interface ProgressBarProps {
  value: number;
  label?: string;
  className?: string;
  tone?: 'brand' | 'error';
}

export function ProgressBar({ value, label = 'Progress', className, tone = 'brand' }: ProgressBarProps) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-200',
          tone === 'error' ? 'bg-red-500' : 'bg-brand-500',
        )}
        style={{ width: `${v}%` }}
      />
    </div>
  );
}
