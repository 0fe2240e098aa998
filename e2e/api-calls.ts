import type { APIRequestContext, APIResponse, Request, Response } from '@playwright/test';
import {
  buildPath,
  buildQuery,
  type Call,
  type CallRequest,
  encodeCallBody,
  type ResponseOf,
} from '@portal/contract';

/*
 * The browser tests' API calls, built from the contract's calls as the web app and the API tests (`injectCall`)
 * build theirs: the path from the call and its typed params, the query and body typed by the call. A renamed
 * path or a changed body fails the typecheck here too. Hostile input, which the contract cannot type, is sent
 * with `sendRaw` only.
 */

type Sent = CallRequest<Call> & { params?: Record<string, string | number>; query?: unknown; body?: unknown };

/** The address of a call with its params and query. */
export function urlOf<C extends Call>(call: C, input: Omit<CallRequest<C>, 'body'>): string {
  const sent = input as Sent;
  const path = (buildPath as (call: Call, params?: Record<string, string | number>) => string)(
    call,
    sent.params,
  );
  return `${path}${(buildQuery as (query?: unknown) => string)(sent.query)}`;
}

/** Sends one call of the contract with `request`, with `headers` of its own (a session's authorization). */
export function sendCall<C extends Call>(
  request: APIRequestContext,
  call: C,
  input: CallRequest<C>,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  const { body, contentType } = encodeCallBody(call, (input as Sent).body);
  return request.fetch(urlOf(call, input), {
    method: call.method,
    headers: { ...(contentType && { 'content-type': contentType }), ...headers },
    data: body as string | undefined,
    multipart: body instanceof FormData ? body : undefined,
  });
}

/** A call's answer read as its contract types it (the caller has checked its status). */
export async function answerOf<C extends Call>(response: APIResponse): Promise<ResponseOf<C>> {
  return (await response.json()) as ResponseOf<C>;
}

/** Bytes the contract cannot type (a hostile value, a malformed body), to a path of the caller's choosing. */
export function sendRaw(
  request: APIRequestContext,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; data?: string | Buffer } = {},
): Promise<APIResponse> {
  return request.fetch(url, { method, ...options });
}

/** `:param` → a pattern of one path segment, anchored: the call's path with any params. */
function pathPattern(call: Call): RegExp {
  const escaped = call.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** Whether a request (or the response to one) the page made is this call, for `waitForRequest`/`Response`. */
export function isCall(call: Call, message: Request | Response): boolean {
  const request = 'request' in message ? message.request() : message;
  return request.method() === call.method && pathPattern(call).test(new URL(request.url()).pathname);
}

/** A predicate for `page.waitForResponse` / `waitForRequest`: this call. */
export const callOf = (call: Call) => (message: Request | Response) => isCall(call, message);
