import * as RadixToast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useToastStore } from './toast-store';

export { toast } from './toast-store';

const icons = { success: CircleCheck, error: CircleAlert, info: Info };
const tones = {
  success: 'text-emerald-600 dark:text-emerald-400',
  error: 'text-red-600 dark:text-red-400',
  info: 'text-brand-600 dark:text-brand-400',
};

export function Toaster() {
  const items = useToastStore((s) => s.items);
  const remove = useToastStore((s) => s.remove);
  const { t } = useTranslation();
  return (
    <RadixToast.Provider swipeDirection="right" duration={5000}>
      {items.map((item) => {
        const Icon = icons[item.kind];
        return (
          <RadixToast.Root
            key={item.id}
            type={item.kind === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && remove(item.id)}
            className="relative flex items-start gap-3 rounded-2xl border border-zinc-200 bg-white p-4 pr-10 shadow-lg data-[state=open]:animate-fade-in data-[swipe=end]:translate-x-full data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] dark:border-zinc-800 dark:bg-zinc-900"
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0', tones[item.kind])} aria-hidden="true" />
            <RadixToast.Description className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {item.message}
            </RadixToast.Description>
            <RadixToast.Close
              aria-label={t('common.dismiss')}
              className="absolute top-3 right-3 rounded-full p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
