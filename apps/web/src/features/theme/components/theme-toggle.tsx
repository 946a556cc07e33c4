import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useEffect } from 'react';
import { setTheme, type ThemeChoice, watchSystemTheme } from '../../../lib/theme';
import { useUiStore } from '../../../lib/ui-store';

const OPTIONS: Array<{ value: ThemeChoice; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

export const menuContentClasses =
  'z-50 min-w-44 rounded-2xl border border-zinc-200 bg-white p-1.5 shadow-xl data-[state=open]:animate-fade-in dark:border-zinc-800 dark:bg-zinc-900';
export const menuItemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-medium text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900 dark:text-zinc-300 dark:data-[highlighted]:bg-zinc-800 dark:data-[highlighted]:text-white';

/** Light / dark / system, kept in localStorage `theme` (spec §4). */
export function ThemeToggle() {
  const theme = useUiStore((s) => s.theme);
  const setChoice = useUiStore((s) => s.setThemeChoice);

  useEffect(() => watchSystemTheme(() => useUiStore.getState().theme), []);

  const choose = (value: string) => {
    const choice = value as ThemeChoice;
    setTheme(choice);
    setChoice(choice);
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Theme"
        className="flex size-10 items-center justify-center rounded-full text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
      >
        <Sun className="size-5 dark:hidden" aria-hidden="true" />
        <Moon className="hidden size-5 dark:block" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.RadioGroup value={theme} onValueChange={choose}>
            {OPTIONS.map(({ value, label, icon: Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClasses}>
                <Icon className="size-4" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4 text-brand-600 dark:text-brand-400" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
