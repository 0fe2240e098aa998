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

/**
 * Querystring parameters that carry secrets when a client puts them there: no call reads a token from the
 * querystring (docs/security.md, Logs), but a client that sends `?access_token=…` must not find it in the logs.
 * Matched on the decoded name, in any case.
 */
const SECRET_PARAMETERS =
  /^(access_token|refresh_token|id_token|token|key|api_?key|client_secret|secret|password|pin|otp|mfa_token)$/i;

const queryParameter = /([?&;])([^=&#;\s]*)=([^&#;\s]*)/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_SEGMENTS) out = out.replace(pattern, '$1[redacted]');
  const query = out.indexOf('?');
  if (query === -1) return out;
  return (
    out.slice(0, query) +
    out
      .slice(query)
      .replace(queryParameter, (whole, sep: string, name: string) =>
        SECRET_PARAMETERS.test(decodedName(name).trim()) ? `${sep}${name}=[redacted]` : whole,
      )
  );
}
