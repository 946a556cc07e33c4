type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loadedId: string | null = null;

/** Loads gtag.js once, only when the site settings carry an analytics code. */
export function initAnalytics(gaCode: string): void {
  if (!gaCode || loadedId === gaCode) return;
  loadedId = gaCode;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js expects the arguments object itself, not an array.
    // biome-ignore lint/complexity/noArguments: required by the gtag.js queue contract.
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent on route changes by trackPageView, not automatically.
  window.gtag('config', gaCode, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaCode)}`;
  document.head.appendChild(script);
}

export function trackPageView(path: string): void {
  if (!loadedId || !window.gtag) return;
  window.gtag('event', 'page_view', {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}
