import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Hides the title and description visually while keeping them for screen readers. */
  hideHeader?: boolean;
  /** When false: no close button, Escape and outside clicks do nothing (e.g. the age gate). */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  children?: ReactNode;
  footer?: ReactNode;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' };

/** Accessible modal dialog (Radix): focus trap, aria-labelledby/-describedby, Escape to close. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  hideHeader,
  dismissible = true,
  size = 'md',
  className,
  children,
  footer,
}: DialogProps) {
  const { t } = useTranslation();
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-zinc-200 bg-white p-6 shadow-2xl focus:outline-none data-[state=open]:animate-scale-in sm:p-8 dark:border-zinc-800 dark:bg-zinc-900',
            widths[size],
            className,
          )}
        >
          <div className={cn(hideHeader && 'sr-only', 'mb-5 pr-8')}>
            <RadixDialog.Title className="text-xl font-bold tracking-tight text-zinc-900 dark:text-white">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {children}
          {footer && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
          {dismissible && (
            <RadixDialog.Close
              className="absolute top-4 right-4 flex size-9 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-white"
              aria-label={t('common.close')}
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/** A dialog that slides in from the left edge: the phone sidebar. */
export function Sheet({ open, onOpenChange, title, children }: SheetProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          aria-describedby={undefined}
          // Focus the panel, not its first input: on phones that would pop the keyboard up.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement | null)?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto border-r border-zinc-200 bg-white shadow-2xl focus:outline-none data-[state=open]:animate-slide-in-left dark:border-zinc-800 dark:bg-zinc-950"
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          {children}
          <RadixDialog.Close
            className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            aria-label={t('common.closeMenu')}
          >
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
