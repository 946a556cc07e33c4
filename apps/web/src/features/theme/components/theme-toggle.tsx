import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setTheme, type ThemeChoice } from '../../../lib/theme';
import { useUiStore } from '../../../lib/ui-store';
import { menuContentClasses, menuItemClasses } from './menu-classes';

export { menuContentClasses, menuItemClasses } from './menu-classes';

const OPTIONS: Array<{ value: ThemeChoice; icon: typeof Sun }> = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
];

/**
 * Light / dark / system, kept in localStorage `theme` (spec §4); following the OS while 'system' is
 * AppEffects' job (always loaded, whereas this menu loads after first paint). `defaultOpen`: the menu
 * opens as it mounts (the header's placeholder was clicked while this loaded).
 */
export function ThemeToggle({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const theme = useUiStore((s) => s.theme);
  const setChoice = useUiStore((s) => s.setThemeChoice);
  const { t } = useTranslation();

  const choose = (value: string) => {
    const choice = value as ThemeChoice;
    setTheme(choice);
    setChoice(choice);
  };

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={t('theme.label')}
        className="flex size-10 items-center justify-center rounded-full text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
      >
        <Sun className="size-5 dark:hidden" aria-hidden="true" />
        <Moon className="hidden size-5 dark:block" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.RadioGroup value={theme} onValueChange={choose}>
            {OPTIONS.map(({ value, icon: Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClasses}>
                <Icon className="size-4" aria-hidden="true" />
                <span className="flex-1">{t(`theme.${value}`)}</span>
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
