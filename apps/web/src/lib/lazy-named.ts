import { type ComponentType, lazy } from 'react';

/**
 * `React.lazy` for a named export: `lazyNamed(() => import('./user-menu'), 'UserMenu')`. Used for
 * what the first page does not draw at once (menus, dialogs, toasts), to keep it out of the
 * main chunk (docs/performance.md, web payload).
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as unknown as M[K];
}
