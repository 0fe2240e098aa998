// First: Zod's setting must be in place before any module builds a schema (zod-config.ts).
import './zod-config';
import './mantine-styles';
import '@fontsource-variable/inter/wght.css';
import './fonts/fonts.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The catalogue of the starting language loads before the first render, so no untranslated key flashes.
// The first render is a transition: React renders it in slices of a few ms rather than in one long task that
// blocks input (docs/decisions/web-first-load.md#first-render), and index.html's loading indicator stays until
// it is done.
void initI18n().then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
