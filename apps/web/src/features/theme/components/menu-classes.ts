/** The look of dropdown menus (theme, account, composer), shared without loading a menu. */
export const menuContentClasses =
  'z-50 min-w-44 rounded-2xl border border-zinc-200 bg-white p-1.5 shadow-xl data-[state=open]:animate-fade-in dark:border-zinc-800 dark:bg-zinc-900';
export const menuItemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-medium text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900 dark:text-zinc-300 dark:data-[highlighted]:bg-zinc-800 dark:data-[highlighted]:text-white';
