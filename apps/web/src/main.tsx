import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './emoji-font.css';
import { App } from './app';
import { i18nReady } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// English is bundled (no wait); another language's texts are fetched first, so nothing flashes in English.
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
