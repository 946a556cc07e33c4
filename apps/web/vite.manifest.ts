import type { ManifestOptions } from 'vite-plugin-pwa';
import { ICON_SIZES, MASKABLE_SIZES } from './vite.icons';

/**
 * The web app manifest. Light and dark theme colours: `theme_color`/`background_color` are the
 * light ones; index.html's `theme-color` metas (media queries) switch the running app, and
 * `user_preferences` gives Chromium the dark splash where it supports it.
 */
export const webManifest: Partial<ManifestOptions> & Record<string, unknown> = {
  id: '/',
  name: 'Marquee',
  short_name: 'Marquee',
  description: 'Subscribe to your favourite creators, message them and watch them live.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#ffffff',
  background_color: '#ffffff',
  user_preferences: { color_scheme_dark: { theme_color: '#0b0b12', background_color: '#0b0b12' } },
  categories: ['entertainment', 'social'],
  icons: [
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ...ICON_SIZES.map((s) => ({ src: `/icons/icon-${s}.png`, sizes: `${s}x${s}`, type: 'image/png', purpose: 'any' })),
    ...MASKABLE_SIZES.map((s) => ({
      src: `/icons/maskable-${s}.png`,
      sizes: `${s}x${s}`,
      type: 'image/png',
      purpose: 'maskable',
    })),
  ],
  shortcuts: [
    { name: 'Messages', url: '/messages', icons: [{ src: '/icons/icon-96.png', sizes: '96x96' }] },
    { name: 'Notifications', url: '/notifications', icons: [{ src: '/icons/icon-96.png', sizes: '96x96' }] },
  ],
};
