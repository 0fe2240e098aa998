import type { APIRequestContext } from '@playwright/test';
import { startWebSessionCall } from '@portal/contract';
import { sendCall } from './api-calls';

/**
 * How the tools on this machine reach the product, shared by the browser tests (playwright.config.ts,
 * fixtures) and the benches: Debian's Chromium and its headless shell, with the flags this closed network
 * needs, and the web app's password login as it posts it (docs/product/accounts-and-sessions.md#login:
 * fixed grant, scope and client).
 */

/** The browser a user has: Debian's Chromium, for the benches that time what a user waits for (Lighthouse). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell), the same engine
 * without the desktop browser around it, which is what Playwright itself runs headless tests in. The time of a
 * browser test is mostly the browser's own CPU, and the shell spends less of it than full Chromium does for
 * the same pages (docs/decisions/test-run-time.md#headless-shell).
 */
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Root needs no sandbox; nothing may reach out to Google's services (closed network, stable timings). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The form of POST /api/oauth/token, as the web app sends it. */
export function passwordGrantForm(username: string, password: string): Record<string, string> {
  return {
    username,
    password,
    grant_type: 'password',
    scope: 'read write',
    client_id: 'portal-web',
    client_secret: 'portal-web-secret',
  };
}

/** What the web app sends with every call besides the browser's cookie: its Origin and its request header. */
export function appHeaders(baseURL: string): Record<string, string> {
  return { origin: new URL(baseURL).origin, 'x-requested-with': 'portal-web' };
}

/**
 * POST /api/session as the web app sends it (docs/product/accounts-and-sessions.md#web-session). Given a
 * browser context's request object, the session cookie it answers lands in that browser.
 */
export function webSignIn(request: APIRequestContext, baseURL: string, username: string, password: string) {
  return sendCall(request, startWebSessionCall, { body: { username, password } }, appHeaders(baseURL));
}

/**
 * The web session's cookies for a browser context (`context.addCookies`), for the benches: a bearer token of the
 * password grant names a session row as the web sign-in's id does, so it serves as the cookie's value.
 */
export function sessionCookies(baseURL: string, sessionId: string) {
  // By domain and path, not by URL: given an http:// URL, Chromium's Storage.setCookies drops Secure and then
  // refuses a __Host- cookie ("Invalid cookie fields"), though it takes the same cookie from the server.
  const common = { domain: new URL(baseURL).hostname, path: '/', secure: true, sameSite: 'Strict' as const };
  return [
    { ...common, name: '__Host-portal_session', value: sessionId, httpOnly: true },
    { ...common, name: '__Host-portal_signed_in', value: '1' },
  ];
}
