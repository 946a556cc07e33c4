// First: zod's settings must be in place before any schema is made (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './emoji-font.css';
import { App } from './app';
import './lib/i18n';
import { preloadFirstPage } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first page's module before the first render: header, page and footer paint together.
void preloadFirstPage(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
