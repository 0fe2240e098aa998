// The server's drawing of the pages that need no session (docs/decisions/server-drawn-pages.md), built by
// `vite build --ssr` into dist/server/ and loaded by the API (apps/api/src/http/spa.ts), which imports none of
// the web app's sources. First, as in main.tsx: Zod's setting before any schema is built.
import './zod-config';
import type { Locale } from '@portal/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, matchRoutes, StaticRouter } from 'react-router';
import { AppRoutes } from './app/app';
import type { RouteHandle } from './app/lazy-page';
import { PageErrorBoundary } from './app/page-error-boundary';
import { Providers } from './app/providers';
import { buildRoutes } from './app/route-table';
import { appConfig } from './config/app-config';
import { paths } from './config/paths';
import { drawnLogin, type LoginAnswer, pageStateOf } from './features/login/drawn-login';
import { firstCatalogue, i18nStore, localeFromCookies } from './lib/i18n/i18n';
import { type CataloguePart, loadCatalogue } from './locales/catalogues';

/**
 * A page the server drew: the markup of the app's root and the page's title, and the state it was drawn with
 * (JSON escaped for a script element, which the app reads before taking the page over: main.tsx).
 */
export type DrawnPage = { lang: Locale; title: string; html: string; state?: string };

const basename = appConfig.basePath === '/' ? '/' : appConfig.basePath.replace(/\/$/, '');

/** A route's path under the build's base path. */
const underBase = (path: string) => (basename === '/' ? path : `${basename}${path}`);
const isOn = (key: 'login' | 'acceptInvite') => !appConfig.disabledRoutes.has(key);

/** The login's path, where the browser posts the form typed before the app took the page over (spa.ts). */
export const loginPath: string | undefined = isOn('login') ? appConfig.basePath : undefined;

/**
 * The invitation's path (`/accept-invite/:token`): its first screen, the welcome, is drawn from the query
 * (company, identification, organization) as the app shows it while the invite loads.
 */
const invitePath: string | undefined = isOn('acceptInvite') ? underBase(paths.acceptInvite) : undefined;

/**
 * The pages the server draws (their paths, in the API's route syntax, which is React Router's): the login and the
 * invitation, when they are on; every other address is left to the app in the browser, for now.
 */
export const drawnPaths: string[] = [loginPath, invitePath].filter((path) => path !== undefined);

/** The app's routes, for the code a page loads on demand (their handles' `preload`). */
const routes = buildRoutes(appConfig.disabledRoutes);

/** The login without a session, by language: it reads no data nor the query, so it is drawn once per process. */
const drawn = new Map<string, DrawnPage>();

/**
 * The page at `url` in the language the request's cookies name (the user's choice: see changeLocale), else
 * the build's default; null when the server does not draw that page. The login is the same for a path and a
 * language, drawn once; the invitation reads its query, so it is drawn for each request.
 */
export async function drawPage(url: string, cookieHeader: string | undefined): Promise<DrawnPage | null> {
  const { pathname, search } = new URL(url, 'http://portal');
  const lang = localeFromCookies(cookieHeader) ?? appConfig.defaultLocale;
  if (invitePath && matchPath(invitePath, pathname)) return drawLoadedPage(pathname + search, lang);
  if (pathname !== loginPath) return null;
  const key = `${lang} ${pathname}`;
  const known = drawn.get(key);
  if (known) return known;
  const page = draw(pathname, lang, await firstCatalogue(lang));
  drawn.set(key, page);
  return page;
}

/** React's mark of a Suspense boundary drawn as its fallback, which the browser would draw again. */
const unfinished = '<!--$!-->';

/**
 * A page whose module loads on demand (lazyPage), drawn whole: with its whole catalogue (the page's words are
 * not in the first part), and its module loaded first. React's `lazy` knows a module only once a render has
 * asked for it, so the first drawing of such a page in a process may come out as its spinner and is drawn again;
 * a page still unfinished then is left to the app (null), never sent half drawn.
 */
async function drawLoadedPage(location: string, lang: Locale): Promise<DrawnPage | null> {
  const catalogue = await loadCatalogue(lang);
  const preloads = () =>
    Promise.all(
      (matchRoutes(routes, location, basename) ?? []).map((match) =>
        (match.route.handle as RouteHandle | undefined)?.preload?.(),
      ),
    );
  await preloads();
  for (let attempt = 0; attempt < 3; attempt++) {
    const page = draw(location, lang, catalogue, null, true);
    if (!page.html.includes(unfinished)) return page;

    await preloads();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return null;
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
  location: string,
  lang: Locale,
  catalogue: CataloguePart,
  login: LoginAnswer | null = null,
  hasRest = false,
): DrawnPage {
  // The stores are the module's; setting them and rendering in one synchronous step keeps two requests from
  // drawing with each other's words or answers.
  i18nStore.set({ locale: lang, catalogue, hasRest });
  drawnLogin.set(login);
  const markup = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={location} basename={basename}>
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
