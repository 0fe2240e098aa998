import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/app-error';

export type ClientCredentials = { id: string; secret: string };
type FormClient = { client_id?: string | undefined; client_secret?: string | undefined };

/**
 * The challenge RFC 6749 5.2 asks for on a 401 to a client that authenticated (or tried to) with HTTP Basic,
 * and the one a 401 to a request without any client carries. A client that put itself in the form (the web
 * app) never gets it: a browser that meets a Basic challenge on a fetch may open its own login dialog.
 */
const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="portal", charset="UTF-8"' };

/**
 * The client a token request presents. RFC 6749 2.3.1: a server MUST accept the client in an HTTP Basic
 * Authorization header (what standard OAuth 2 libraries send) and MAY accept it in the form's
 * client_id/client_secret (what the web app sends). Both at once must name the same client: otherwise which
 * one is meant is a guess. Anything else is 401 invalid_client.
 */
export function presentedClient(
  authorization: string | undefined,
  form: FormClient,
): { client: ClientCredentials; viaBasic: boolean } {
  const basic = basicCredentials(authorization);
  if (basic === 'malformed') throw invalidClient(true);
  const formGiven = form.client_id !== undefined || form.client_secret !== undefined;
  if (basic) {
    if (formGiven && !formAgrees(form, basic)) throw invalidClient(true);
    return { client: basic, viaBasic: true };
  }
  if (form.client_id === undefined || form.client_secret === undefined) throw invalidClient(!formGiven);
  return { client: { id: form.client_id, secret: form.client_secret }, viaBasic: false };
}

/** Checks that a token request presents the web app's client (docs/product/accounts-and-sessions.md#oauth-client). */
export function authenticateClient(
  authorization: string | undefined,
  form: FormClient,
  expected: ClientCredentials,
): void {
  const { client, viaBasic } = presentedClient(authorization, form);
  if (!isClient(client, expected)) throw invalidClient(viaBasic);
}

/**
 * The client of an `Authorization: Basic …` header; undefined when there is none or it is of another
 * scheme (the web app may still send a stale Bearer token with its login, which names no client).
 */
export function basicCredentials(header: string | undefined): ClientCredentials | 'malformed' | undefined {
  const [scheme, encoded, ...extra] = (header ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'basic') return undefined;
  if (!encoded || extra.length > 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return 'malformed';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return 'malformed';
  }
  // The id cannot hold a colon (RFC 7617); the secret may.
  const colon = text.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    return { id: formDecode(text.slice(0, colon)), secret: formDecode(text.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/** RFC 6749 2.3.1 has the client form-urlencode id and secret before base64: `+` is a space there. */
function formDecode(value: string) {
  return decodeURIComponent(value.replaceAll('+', ' '));
}

/** The form may repeat either half of the header's client, but not differ from it. */
function formAgrees(form: FormClient, basic: ClientCredentials) {
  const idAgrees = form.client_id === undefined || sameText(form.client_id, basic.id);
  const secretAgrees = form.client_secret === undefined || sameText(form.client_secret, basic.secret);
  return idAgrees && secretAgrees;
}

function isClient(client: ClientCredentials, expected: ClientCredentials) {
  // Both compared every time, each in constant time, so the answer's timing says nothing of which failed.
  const idMatches = sameText(client.id, expected.id);
  const secretMatches = sameText(client.secret, expected.secret);
  return idMatches && secretMatches;
}

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 401 invalid_client, with the Basic challenge for a client that used Basic or named none. */
export function invalidClient(challenge: boolean) {
  return new AppError('invalid_client', challenge ? { headers: BASIC_CHALLENGE } : {});
}
