/**
 * Path segments that are secrets themselves: reset keys and invite tokens, in the API's paths and in the
 * web app's pages that mails link to. Masked wherever a URL is logged (requests, the local mailbox's links).
 */
const SECRET_SEGMENTS = [
  /(\/users\/reset-key\/)[^/?#\s]+/g,
  /(\/invites\/)[^/?#\s]+/g,
  /(\/provider\/invite\/)[^/?#\s]+/g,
  /(\/password-reset\/)[^/?#\s]+/g,
  /(\/accept-invite\/)[^/?#\s]+/g,
];

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_SEGMENTS) out = out.replace(pattern, '$1[redacted]');
  return out;
}
