/**
 * The API's readable hint cookie (docs/product/accounts-and-sessions.md#web-session): `1` while a session
 * exists, nothing secret. `__Host-` on HTTPS and localhost; unprefixed where SESSION_COOKIE_OVER_HTTP allows
 * plain HTTP.
 */
const names = ['__Host-portal_signed_in', 'portal_signed_in'] as const;

/** On the server, which draws `/` only for a browser without a session (apps/api/src/http/spa.ts): none. */
export function hasSignedInHint(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  return cookies.split(';').some((pair) => names.some((name) => pair.trim() === `${name}=1`));
}

/** Forgets the hint (its Secure attribute lets the page delete the `__Host-` one too). */
export function forgetSignedInHint(): void {
  for (const name of names) {
    const secure = name.startsWith('__Host-') ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the portal supports.
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict${secure}`;
  }
}
