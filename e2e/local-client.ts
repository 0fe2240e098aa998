/**
 * How the tools on this machine reach the product, shared by the browser tests (playwright.config.ts,
 * fixtures) and the benches: Debian's Chromium with the flags this closed network needs, and the web app's
 * password login as it posts it (docs/product/accounts-and-sessions.md#login: fixed grant, scope and client).
 */

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
