import { TOKEN_COOKIE, TOKEN_DAYS_REMEMBER, TOKEN_DAYS_SESSION } from '@marquee/shared/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

export function setCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Safari or Firefox.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Safari or Firefox.
  document.cookie = `${encodeURIComponent(name)}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;
}

export function getToken(): string | undefined {
  return getCookie(TOKEN_COOKIE) || undefined;
}

/** Auth cookie lasts 365 days with "remember me", otherwise 1 day (spec §9). */
export function setToken(token: string, remember: boolean): void {
  setCookie(TOKEN_COOKIE, token, remember ? TOKEN_DAYS_REMEMBER : TOKEN_DAYS_SESSION);
}

export function clearToken(): void {
  removeCookie(TOKEN_COOKIE);
}
