import { THEME_STORAGE_KEY } from '@marquee/shared/constants';

export type ThemeChoice = 'light' | 'dark' | 'system';

const media = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined);

export function getStoredTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice === 'system') return media()?.matches ? 'dark' : 'light';
  return choice;
}

/** Same rule as the inline script in index.html, which runs before first paint. */
export function applyTheme(choice: ThemeChoice): void {
  const dark = resolveTheme(choice) === 'dark';
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  applyTheme(choice);
}

/** Follows the OS setting while the choice is 'system'. Returns an unsubscribe function. */
export function watchSystemTheme(getChoice: () => ThemeChoice): () => void {
  const mq = media();
  if (!mq) return () => {};
  const listener = () => {
    if (getChoice() === 'system') applyTheme('system');
  };
  mq.addEventListener('change', listener);
  return () => mq.removeEventListener('change', listener);
}
