// The server's drawing of the pages that need no session (docs/decisions/server-drawn-pages.md), built by
// `vite build --ssr` into dist/server/ and loaded by the API (apps/api/src/http/spa.ts), which imports none of
// the web app's sources. First, as in main.tsx: Zod's setting before any schema is built.
import './zod-config';
import type { Locale } from '@portal/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app';
import { PageErrorBoundary } from './app/page-error-boundary';
import { Providers } from './app/providers';
import { appConfig } from './config/app-config';
import { drawnLogin, type LoginAnswer, pageStateOf } from './features/login/drawn-login';
import { firstCatalogue, i18nStore, localeFromCookies } from './lib/i18n/i18n';
import type { CataloguePart } from './locales/catalogues';

/**
 * A page the server drew: the markup of the app's root and the page's title, and the state it was drawn with
 * (JSON escaped for a script element, which the app reads before taking the page over: main.tsx).
 */
export type DrawnPage = { lang: Locale; title: string; html: string; state?: string };

const basename = appConfig.basePath === '/' ? '/' : appConfig.basePath.replace(/\/$/, '');

/**
 * The pages the server draws: the login (`/`, under the build's base path) when it is on; every other address
 * is left to the app in the browser, for now.
 */
export const drawnPaths: string[] = appConfig.disabledRoutes.has('login') ? [] : [appConfig.basePath];

/** The login's path, where the browser posts the form typed before the app took the page over (spa.ts). */
export const loginPath: string | undefined = appConfig.disabledRoutes.has('login')
  ? undefined
  : appConfig.basePath;

/** Drawn pages by path and language: they read no data, so each is drawn once per process. */
const drawn = new Map<string, DrawnPage>();

/**
 * The page at `url` in the language the request's cookies name (the user's choice: see changeLocale), else
 * the build's default; null when the server does not draw that page. The login without a session reads no data
 * and not the query: the same path and language always give the same page, drawn once.
 */
export async function drawPage(url: string, cookieHeader: string | undefined): Promise<DrawnPage | null> {
  const { pathname } = new URL(url, 'http://portal');
  if (!drawnPaths.includes(pathname)) return null;
  const lang = localeFromCookies(cookieHeader) ?? appConfig.defaultLocale;
  const key = `${lang} ${pathname}`;
  const known = drawn.get(key);
  if (known) return known;
  const page = draw(pathname, lang, await firstCatalogue(lang));
  drawn.set(key, page);
  return page;
}

/**
 * The login drawn in answer to a login the browser posted before the app took it over, which did not end signed
 * in (apps/api/src/http/spa.ts): the email kept and the refusal's message, or the way to the code step. Drawn
 * per request (it holds what was typed), with that answer as the page's state for the app's first render.
 */
export async function drawLoginAnswer(
  url: string,
  cookieHeader: string | undefined,
  answer: LoginAnswer,
): Promise<DrawnPage> {
  const { pathname } = new URL(url, 'http://portal');
  const lang = localeFromCookies(cookieHeader) ?? appConfig.defaultLocale;
  const page = draw(pathname, lang, await firstCatalogue(lang), answer);
  return { ...page, state: pageStateOf(answer) };
}

function draw(
  pathname: string,
  lang: Locale,
  catalogue: CataloguePart,
  login: LoginAnswer | null = null,
): DrawnPage {
  // The stores are the module's; setting them and rendering in one synchronous step keeps two requests from
  // drawing with each other's words or answers.
  i18nStore.set({ locale: lang, catalogue, hasRest: false });
  drawnLogin.set(login);
  const markup = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={pathname} basename={basename}>
          <PageErrorBoundary>
            <AppRoutes />
          </PageErrorBoundary>
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  drawnLogin.set(null);
  // React puts the page's <title> first in its output; it belongs in the document's head.
  const title = /^<title>([^<]*)<\/title>/.exec(markup);
  return { lang, title: title?.[1] ?? '', html: title ? markup.slice(title[0].length) : markup };
}
