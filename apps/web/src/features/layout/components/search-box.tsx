import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn';

/** Header search: submits to /explore?q= (spec §2). */
export function SearchBox({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const id = useId();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = q.trim();
    navigate(term ? `/explore?q=${encodeURIComponent(term)}` : '/explore');
    onSubmitted?.();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the widely supported landmark.
    <form role="search" aria-label={t('layout.searchLabel')} onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('layout.searchPlaceholder')}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-zinc-400"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('layout.searchPlaceholder')}
        className="h-10 w-full rounded-full border border-transparent bg-zinc-100 pr-4 pl-10 text-sm text-zinc-900 transition-colors placeholder:text-zinc-500 hover:bg-zinc-200/70 focus-visible:border-brand-500 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/30 dark:bg-zinc-800/80 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-900"
      />
    </form>
  );
}
