// First: Zod's setting must be in place before any module builds a schema (zod-config.ts).
import './zod-config';
import './mantine-styles';
import '@fontsource-variable/inter/wght.css';
import './fonts/fonts.css';
import './styles.css';
import { localeSchema } from '@portal/contract';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { appConfig } from './config/app-config';
import { drawnLogin, readDrawnLogin } from './features/login/drawn-login';
import {
  changeLocale,
  initI18n,
  initialLocale,
  loadRestOfCatalogue,
  rememberLocaleInCookie,
  storedLocale,
} from './lib/i18n/i18n';
import { hasSignedInHint } from './lib/session/signed-in-hint';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A choice made before the language cookie existed reaches the server from now on.
const stored = storedLocale();
if (stored) rememberLocaleInCookie(stored);

// The server draws `/` and the invitation (entry-server.tsx, docs/decisions/server-drawn-pages.md): the page is
// then taken over (hydrated) in the language it was drawn in, and switched after if the stored choice differs.
// Every other page, and a drawn one with a session (`/`'s auto-login screen, which the server does not draw yet),
// starts from index.html's loading indicator, which the app replaces.
const drawnLocale = localeSchema.safeParse(root.dataset.drawnLocale).data;
const takesOver = drawnLocale !== undefined && !hasSignedInHint();
// A login posted before the app took `/` over and answered by the server: the app's first render draws the same.
if (takesOver) drawnLogin.set(readDrawnLogin(document));

/**
 * A page drawn in another language than the stored choice (chosen before the cookie existed) switches to it once
 * React has taken the page over: switching while it hydrates would make its first render differ from the
 * server's markup (React's error #418) and throw the page away, with whatever was typed in it.
 */
function SwitchLanguageAfterTakeOver() {
  useEffect(() => {
    if (stored && stored !== drawnLocale) void changeLocale(stored);
  }, []);
  return null;
}

// The catalogue of the starting language loads before the first render, so no untranslated key flashes.
// The first render is a transition: React renders it in slices of a few ms rather than in one long task that
// blocks input (docs/decisions/web-first-load.md#first-render).
// Every drawn page but the login is drawn with its language's whole catalogue (entry-server.tsx): the app takes
// it over with the same words, so the catalogue does not change while React is taking the page over.
const isLogin = window.location.pathname.replace(/\/$/, '') === appConfig.basePath.replace(/\/$/, '');
const drawnWhole = takesOver && !isLogin;
const catalogueReady = initI18n(takesOver ? drawnLocale : initialLocale()).then(() =>
  drawnWhole ? loadRestOfCatalogue() : undefined,
);
void catalogueReady.then(() => {
  startTransition(() => {
    if (!takesOver) {
      createRoot(root).render(app);
      return;
    }
    hydrateRoot(
      root,
      <>
        {app}
        <SwitchLanguageAfterTakeOver />
      </>,
    );
  });
});
