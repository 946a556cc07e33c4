import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../../components/ui/input';
import { Pager as UiPager } from '../../../components/ui/pager';
import { ScrollX } from '../../../components/ui/scroll-x';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import i18n from '../../../lib/i18n';
import { DATE_TIME, formatAmount, formatDate } from '../../../lib/i18n/format';
import { refreshAdmin } from '../api';

export function SectionTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  // Filters sit side by side in a wrapping row: not the full-width block of form inputs.
  return (
    <select
      className={cn(
        inputClasses.replace('block h-11 w-full', 'inline-block h-10 w-auto max-w-full'),
        'pr-8',
        className,
      )}
      {...props}
    />
  );
}

export function TextArea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(inputClasses, 'h-auto min-h-24 py-2.5', className)} {...props} />;
}

export function Table({ head, children, empty }: { head: string[]; children: ReactNode; empty?: boolean }) {
  const { t } = useTranslation();
  // relative: screen-reader-only text inside the table is positioned in here, not past the page edge.
  return (
    <ScrollX className="relative rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900/60">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2.5 font-semibold whitespace-nowrap">
                {h || <span className="sr-only">{t('adminCommon.actions')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</tbody>
      </table>
      {empty && <p className="p-6 text-center text-sm text-zinc-500">{t('adminCommon.empty')}</p>}
    </ScrollX>
  );
}

export const td = 'px-3 py-2.5 align-top';

export function Badge({
  tone = 'zinc',
  children,
}: {
  tone?: 'zinc' | 'green' | 'amber' | 'red' | 'brand';
  children: ReactNode;
}) {
  const tones = {
    zinc: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
    green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
    amber: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
    red: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
    brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900/40 dark:text-brand-300',
  };
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mt-3 flex items-center justify-between text-sm text-zinc-500">
      <span>{t('adminCommon.results', { count: total })}</span>
      <UiPager page={page} pages={pages} onPage={onPage} />
    </div>
  );
}

export const fmtMoney = (n: number) => formatAmount(n);
export const fmtDate = (iso: string | null) => (iso ? formatDate(iso, DATE_TIME) : '—');

/**
 * A value the API sends as a plain string (a role, a status, a type) in the interface language, when
 * `<group>.<value>` names it (e.g. `word('adminCommon.role', 'performer')`); an unknown value shows as sent.
 */
export function word(group: string, value: string | null | undefined): string {
  if (!value) return '—';
  const key = `${group}.${value}`;
  return i18n.exists(key) ? (i18n.t as (k: string) => string)(key) : value;
}

/** Runs one admin action: a toast for the outcome (the server's message on failure), then every admin list refreshes. */
export async function act(fn: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await fn();
    toast.success(done);
    await refreshAdmin();
    return true;
  } catch (err) {
    toast.error(getErrorMessage(err));
    return false;
  }
}
