/** One DNS label: letters, digits and inner hyphens (the URL parser has lower-cased it and made an IDN xn--). */
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const hostName = new RegExp(`^${label}(?:\\.${label})*$`);

/**
 * The origin a Content-Security-Policy may list for a script from another site (the support chat's), or null.
 * Only `https:`; a host name or an IPv4 address, the hosts a CSP source can name (not an IPv6 literal); no user
 * name or password, which browsers refuse in a script's address. Anything else is refused rather than cleaned:
 * the URL parser keeps `*`, `;`, `,` and quotes in a host, which in the header would become a wildcard or a
 * directive of the address's own.
 */
export function scriptOriginOf(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  if (!hostName.test(url.hostname)) return null;
  return url.origin;
}
