import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './emoji-font.css';
import { App } from './app';
import { i18nReady } from './lib/i18n';
import { preloadFirstPage } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Before the first render, in parallel: the first page's module (header, page and footer paint
// together) and, for a language other than English, its texts (nothing flashes in English).
void Promise.allSettled([preloadFirstPage(window.location.pathname), i18nReady]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
