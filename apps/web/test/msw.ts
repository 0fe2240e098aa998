import {
  type Call,
  type ErrorCode,
  errorBody,
  type FieldError,
  type HttpMethod,
  type ResponseOf,
} from '@portal/contract';
import { HttpResponse, http, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { appConfig } from '../src/config/app-config';

/**
 * The API the web unit tests talk to: MSW answers `fetch` (test/setup.ts starts it; a request no handler answers
 * fails the test's call, as MSW's `onUnhandledRequest: 'error'`). A test answers a contract call with `answer`
 * and reads what it sent with `sentRequests`.
 */
export const server = setupServer();

/** A request as the test's code sent it: `path` with its query, as callApi built it from the contract. */
export type SentRequest = {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** The body as sent ('' when none). */
  text: string;
  /** The body parsed as JSON; undefined when none or not JSON (a form, plain text, a file). */
  body: unknown;
};

const sent: SentRequest[] = [];
const reading = new Set<Promise<void>>();

// MSW's own event; the request is read from a clone (the handler reads the original).
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: SentRequest = {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    url,
    headers: new Headers(request.headers),
    text: '',
    body: undefined,
  };
  sent.push(entry);
  const read = request
    .clone()
    .text()
    .then((text) => {
      entry.text = text;
      entry.body = parseJson(text);
    })
    .catch(() => {}) // a body the client cancelled stays ''
    .finally(() => reading.delete(read));
  reading.add(read);
});

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The requests made since the test began, in order; `filter` keeps those of one call (any params and query). */
export function sentRequests(filter?: Call | `${HttpMethod} ${string}`): SentRequest[] {
  if (filter === undefined) return [...sent];
  if (typeof filter === 'string') {
    return sent.filter((request) => `${request.method} ${request.path}` === filter);
  }
  const pattern = new RegExp(`^${filter.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}(\\?|$)`);
  return sent.filter((request) => request.method === filter.method && pattern.test(request.path));
}

/** Called after each test by test/setup.ts. */
export function forgetRequests() {
  sent.length = 0;
}

type ResolverInfo = { request: Request; params: PathParams; requestId: string };

/**
 * What a test answers: the call's 200 body as the contract types it, or a Response of its own (an error with
 * `refusal`, a file, `HttpResponse.error()` for a network failure). A call whose 200 has no body answers
 * `undefined`.
 */
export type Reply<C extends Call> = ResponseOf<C> | Response;
export type Resolver<C extends Call> = (info: ResolverInfo) => Reply<C> | Promise<Reply<C>>;

const route = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/** The address MSW matches for a call: the client's (api-client.ts) API host and the contract's path. */
export const urlOf = (call: Call) => `${appConfig.apiHost}${call.path}`;

/**
 * The handler answering `call` (any params and query) with `reply`: a body, or a resolver that builds the answer
 * from the request. Bodies are sent as JSON with `status` (200 unless told). `once` answers one request only.
 */
export function handlerFor<C extends Call>(
  call: C,
  reply: ResponseOf<C> | Resolver<C>,
  options: { status?: number; once?: boolean } = {},
) {
  const { status = 200, once = false } = options;
  return route[call.method](
    urlOf(call),
    async (info) => {
      // The request's body is recorded before the client can see an answer (sentRequests).
      await Promise.all(reading);
      const result =
        typeof reply === 'function' ? await (reply as Resolver<C>)(info) : (reply as ResponseOf<C>);
      if (result instanceof Response) return result;
      if (result === undefined) return new HttpResponse(null, { status });
      return HttpResponse.json(result as object, { status });
    },
    { once },
  );
}

/** Answers `call` for the rest of the test (in front of the handlers used before). */
export function answer<C extends Call>(
  call: C,
  reply: ResponseOf<C> | Resolver<C>,
  options?: { status?: number; once?: boolean },
) {
  server.use(handlerFor(call, reply, options));
}

/**
 * The API's error answer for `code` (the contract's one error body), with the code's status unless told.
 * `fieldErrors`, `params` and `mfaToken` as errorBody takes them.
 */
export function refusal(
  code: ErrorCode,
  options: {
    status?: number;
    fieldErrors?: FieldError[];
    params?: Record<string, number>;
    mfaToken?: string;
  } = {},
): Response {
  const body = errorBody(code, options.fieldErrors, options.status, options.params, options.mfaToken);
  return HttpResponse.json(body, { status: body.httpStatus });
}

/** Answers `call` with the error of `code` (see `refusal`). */
export function refuse(
  call: Call,
  code: ErrorCode,
  options?: Parameters<typeof refusal>[1] & { once?: boolean },
) {
  server.use(handlerFor(call, () => refusal(code, options), { once: options?.once }));
}
