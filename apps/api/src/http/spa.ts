import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { errorBody, limits, loginFormSchema } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { pageSecurityPolicy } from './security-headers';
import { assertSameOrigin, sessionIdOf } from './session-cookie';

/** What a page needs of the database, given by the app (http/ imports no module). */
export type PageData = {
  /**
   * The `https:` origin of the support chat of the organization the pages are for, when it has one on: the one
   * `slug` names, or the only organization when there is no slug (as the web app's public calls resolve it).
   */
  chatOrigin: (organizationSlug: string | undefined) => Promise<string | undefined>;
  /**
   * The web sign-in of `POST /api/session` for the login form posted before the app took the page over: its
   * checks, lockout, audit lines and cookies, with the CSRF check a plain form can pass (its Origin). Throws the
   * API's AppError on a refusal.
   */
  signIn: (
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: { organizationSlug: string | undefined; username: string; password: string },
  ) => Promise<unknown>;
};

/**
 * A page the web build's server entry drew: its language, its title (HTML), the markup of the app's root and,
 * for a page drawn with state of its own, that state as JSON already escaped for a script element.
 */
type DrawnPage = { lang: string; title: string; html: string; state?: string };
/**
 * The outcome of a login posted before the app took `/` over, for the page drawn in answer: the email kept
 * (never the password), and the refusal's error code, the one-use token of a second factor's step, or that the
 * form's own rules refused it.
 */
type LoginAnswer = { email: string; refusal?: string; mfaToken?: string; invalid?: true };
/** What the web build's server entry exports. */
type ServerEntry = {
  /** The pages it draws (their paths under the build's base). */
  drawnPaths: string[];
  drawPage: (url: string, cookieHeader: string | undefined) => Promise<DrawnPage | null>;
  /** The login's path when it is drawn, and its drawing after a posted login that did not end signed in. */
  loginPath?: string;
  drawLoginAnswer?: (
    url: string,
    cookieHeader: string | undefined,
    answer: LoginAnswer,
  ) => Promise<DrawnPage>;
};

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a deploy is seen
 * at once. Any other GET (or HEAD, as some uptime probes send) of a page gets index.html (history-API
 * routing), drawn by the web build's server entry when it draws that page (`/`: docs/decisions/server-drawn-pages.md);
 * API paths get the error body. A page's Content-Security-Policy lets in its organization's support chat
 * (docs/decisions/security-headers.md).
 */
export async function registerSpa(app: FastifyInstance, webDist: string, pageData: PageData) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  const organizationSlug = buildOrganization(webDist);
  const serverEntry = hasBuild ? await loadServerEntry(webDist) : undefined;
  const template = hasBuild ? readFileSync(indexFile, 'utf8') : '';
  // An index.html without the app's root fails the start, not each drawn page.
  if (serverEntry) pageHtml(template, { lang: '', title: '', html: '' });
  // Every answer to a page request, a 304 that revalidates a cached page included: the browser keeps the
  // headers of the 304 with the page it already has. An error answer is no page.
  app.addHook('onSend', async (request, reply) => {
    if (!drawnAnswers.has(request) && (reply.statusCode >= 400 || !isPageFetch(request))) return;
    const chatOrigin = await pageData.chatOrigin(organizationSlug).catch((err: unknown) => {
      // The page still loads, under the policy of every answer: its chat is blocked, as its call fails too.
      request.log.warn({ err }, 'page sent without its support chat: its organization could not be read');
      return undefined;
    });
    await pageSecurityPolicy(reply, chatOrigin);
  });
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The server's drawing code (dist/server/) is the API's to run, not a file to hand out.
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The pages the server draws are routes, so their HTML is compressed as every route's answer is.
  for (const url of serverEntry?.drawnPaths ?? []) {
    app.get(url, async (request, reply) => {
      if (!isPageRequest(request.url, request.headers.accept)) {
        return reply.status(404).send(errorBody('error.notFound'));
      }
      reply.header('cache-control', 'no-cache');
      // With a session the app opens on its auto-login screen, which the server does not draw (yet): drawing
      // the login form would only show it for a moment before the app replaced it.
      if (sessionIdOf(request)) return reply.header('vary', 'cookie').sendFile('index.html');
      const drawn = await serverEntry!.drawPage(request.url, request.headers.cookie);
      if (!drawn) return reply.sendFile('index.html');
      // A drawn page depends on the language cookie: a cache keeps one copy per cookie.
      return reply.header('vary', 'cookie').type('text/html; charset=utf-8').send(pageHtml(template, drawn));
    });
  }
  const { loginPath, drawLoginAnswer } = serverEntry ?? {};
  if (loginPath && drawLoginAnswer) {
    // The login typed before the app took the page over (its form posts, so no password goes into the
    // address): signed in on the server as POST /api/session signs in, then on to where the app goes with a
    // session (`/`: its auto-login screen). Anything else draws the login again with what the app would show.
    app.post(loginPath, async (request, reply) => {
      // Before anything is read: a form posted from another site changes nothing (403, the API's body).
      assertSameOrigin(request);
      reply.header('cache-control', 'no-store');
      const form = loginFormSchema.safeParse(request.body);
      const typed = (request.body as { email?: unknown } | undefined)?.email;
      const email = typeof typed === 'string' ? typed.slice(0, limits.emailMax) : '';
      const drawAnswer = async (status: number, answer: LoginAnswer) => {
        drawnAnswers.add(request);
        const page = await drawLoginAnswer(request.url, request.headers.cookie, answer);
        return reply
          .status(status)
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(pageHtml(template, page));
      };
      if (!form.success) return drawAnswer(400, { email, invalid: true });
      try {
        await pageData.signIn(request, reply, {
          organizationSlug,
          username: form.data.email,
          password: form.data.password,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        for (const [name, value] of Object.entries(err.options.headers ?? {})) reply.header(name, value);
        // The right password of an account with a second factor: the app's code step comes next, with the
        // one-use token the API's answer carries; not a refusal.
        if (err.code === 'error.user.mfaRequired' && err.options.mfaToken)
          return drawAnswer(200, { email: form.data.email, mfaToken: err.options.mfaToken });
        return drawAnswer(err.statusCode, { email: form.data.email, refusal: err.code });
      }
      return reply.redirect(loginPath, 303);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      isPageRequest(request.url, request.headers.accept);
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .type('text/html')
        .send('<!doctype html><title>Portal</title><p>Web app not built: run npm run build.</p>');
    }
    return reply.status(404).send(errorBody('error.notFound'));
  });
}

/** Answers that are drawn pages whatever their status (a refused login's page): they get the page's policy. */
const drawnAnswers = new WeakSet<FastifyRequest>();

/**
 * The web build's drawing of pages (dist/server/entry-server.mjs, built by apps/web's `vite build --ssr`), when
 * the build has one: loaded from the build as its files are served, so the API imports none of the web app's
 * sources and serves whichever build WEB_DIST names.
 */
async function loadServerEntry(webDist: string): Promise<ServerEntry | undefined> {
  const entry = path.join(webDist, 'server', 'entry-server.mjs');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as Partial<ServerEntry>;
  if (typeof module.drawPage !== 'function' || !Array.isArray(module.drawnPaths)) {
    throw new Error(`${entry} exports no drawPage function and drawnPaths list`);
  }
  return module as ServerEntry;
}

/**
 * index.html with the drawn page in it: its language on <html>, its title, and its markup in the app's root in
 * place of the loading indicator, marked with the language it was drawn in (the app takes it over in that
 * language: apps/web/src/main.tsx).
 */
export function pageHtml(template: string, page: DrawnPage): string {
  const html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
    .replace(
      /<div id="root">[\s\S]*?<\/div>\s*<\/div>(?=\s*<\/body>)/,
      () =>
        `<div id="root" data-drawn-locale="${page.lang}">${page.html}</div>` +
        (page.state === undefined
          ? ''
          : `\n<script type="application/json" id="page-state">${page.state}</script>`),
    );
  if (!html.includes('data-drawn-locale'))
    throw new Error('index.html has no <div id="root"> to draw the page in');
  return html;
}

function isPageFetch(request: FastifyRequest) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    isPageRequest(request.url, request.headers.accept)
  );
}

/**
 * The organization the web build was made for (its VITE_ORGANIZATION_SLUG), which the build writes to
 * organization.json (apps/web/vite.config.ts). None (a build without a slug, or without the file): the only
 * organization, as for the web app's calls without an `Organization` header. A file that says something else
 * stops the start rather than serve pages for a guessed organization.
 */
export function buildOrganization(webDist: string): string | undefined {
  const file = path.join(webDist, 'organization.json');
  if (!existsSync(file)) return undefined;
  const { slug } = JSON.parse(readFileSync(file, 'utf8')) as { slug?: unknown };
  if (typeof slug !== 'string') throw new Error(`${file}: "slug" must be a string`);
  return slug === '' ? undefined : slug;
}

/**
 * A browser asks for text/html; curl (which accepts any type) and uptime probes (often no Accept at all) do
 * not, and they must get the page too. Left out: API paths, a client that asks only for JSON (an API client that
 * typed a wrong path wants the JSON 404), and a missing file such as a stale `/assets/x.js` (HTML in its
 * place would turn a clear 404 into a script error).
 */
export function isPageRequest(url: string, accept: string | undefined) {
  const path = url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  if (accept?.includes('text/html')) return true;
  return !asksOnlyForJson(accept) && !/\.[^/]*$/.test(path);
}

/** Every media range of the Accept header is JSON (`application/json`, `application/*+json`). */
function asksOnlyForJson(accept: string | undefined) {
  if (!accept?.trim()) return false;
  return accept
    .split(',')
    .map((range) => range.split(';')[0]!.trim().toLowerCase())
    .every((type) => type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type));
}
