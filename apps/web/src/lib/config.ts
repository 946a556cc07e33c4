/** Runtime configuration the server may inject as `window.__MARQUEE_CONFIG__` before the app boots. */
export interface RuntimeConfig {
  /** Base of every API call, e.g. '/api' or 'https://api.example.com/api'. */
  apiBase?: string;
  /** Origin of the socket.io server; defaults to the page origin. */
  socketUrl?: string;
}

declare global {
  interface Window {
    __MARQUEE_CONFIG__?: RuntimeConfig;
  }
}

export function getRuntimeConfig(): RuntimeConfig {
  return (typeof window !== 'undefined' && window.__MARQUEE_CONFIG__) || {};
}

export function getApiBase(): string {
  return (getRuntimeConfig().apiBase ?? '/api').replace(/\/+$/, '');
}
