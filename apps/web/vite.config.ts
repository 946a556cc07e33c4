import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { emojiFontDir } from './vite.emoji';
import { appIcons, iconSource } from './vite.icons';
import { webManifest } from './vite.manifest';
import { precompress } from './vite.precompress';

const apiTarget = process.env.MARQUEE_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  // The COLRv1 emoji subsets emoji-font.css uses (vite.emoji.ts).
  resolve: { alias: { '@emoji-colr': emojiFontDir(import.meta.dirname) } },
  plugins: [
    react(),
    tailwindcss(),
    appIcons(iconSource(import.meta.dirname)),
    // The installable app: manifest + service worker (src/pwa/sw.ts; docs/pwa.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        // The app shell and static build only; media, sourcemaps and precompressed copies are not,
        // nor the emoji font's subsets (3.8 MB; a page fetches the ones it shows, docs/performance.md).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'leaf.jpg', '**/noto-color-emoji-*.woff*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // bench/site.bench.ts reads it to add up the JavaScript the first page needs.
    manifest: true,
  },
});
