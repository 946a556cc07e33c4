const KEY = 'marquee.returnTo';

/** Remembers the page a fan was on so login can send them back to it (spec §2). */
export function rememberReturnTo(path: string): void {
  if (path.startsWith('/auth/')) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be disabled (private mode); returning home is an acceptable fallback.
  }
}

export function takeReturnTo(fallback = '/'): string {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value?.startsWith('/') && !value.startsWith('//') ? value : fallback;
  } catch {
    return fallback;
  }
}
