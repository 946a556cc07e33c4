import type { LucideIcon } from 'lucide-react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  className?: string;
  /** Heading level of the title; 2 by default. */
  level?: 1 | 2 | 3;
}

export function EmptyState({ title, description, icon: Icon = Inbox, action, className, level = 2 }: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-zinc-300 bg-white/60 px-6 py-12 text-center dark:border-zinc-700 dark:bg-zinc-900/40',
        className,
      )}
    >
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Heading className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{title}</Heading>
      {description && <p className="mt-1.5 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
