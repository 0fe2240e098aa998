import {
  buildPath,
  buildQuery,
  type Call,
  type CallRequest,
  encodeCallBody,
  type ResponseOf,
} from '@portal/contract';
import { appConfig } from '../../config/app-config';
import { ApiError } from '../errors/app-error';
import { normalizeError } from '../errors/normalize-error';
import { fileNameFromContentDisposition } from './content-disposition';

/** Every call times out after 60 s, an invoice upload after 120 s (docs/product/calls.md#conventions). */
export const timeouts = { default: 60_000, upload: 120_000 } as const;

/**
 * A call's params, query and body as the contract types them (CallRequest); the body goes as JSON unless the call
 * consumes a form, plain text or multipart.
 */
export type CallInput<C extends Call> = CallRequest<C> & {
  /** Extra request headers the call declares (the batch request's Idempotency-Key). */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
};

/** What callApi reads of any call's input, once the call site has been typechecked. */
type SentInput = {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
};

/** The input may be left out where the call needs nothing. */
type CallArgs<C extends Call> =
  object extends CallRequest<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

// Typed by CallRequest where callApi is called; inside, the parts are handled alike for every call.
const pathOf = buildPath as (call: Call, params?: Record<string, string | number>) => string;
const queryOf = buildQuery as (query?: unknown) => string;

function headersFor(call: Call, contentType: string | undefined, extra: SentInput['headers']): Headers {
  const headers = new Headers({ ...extra, accept: call.produces ?? 'application/json' });
  if (contentType) headers.set('content-type', contentType);
  // The session is the HttpOnly cookie the browser adds itself; this header shows the API the call comes from
  // the app's own page (docs/product/accounts-and-sessions.md#csrf).
  headers.set('x-requested-with', 'portal-web');
  // Only the calls whose contract declares the Organization header send it (token, chat, organization info).
  if (call.headers && appConfig.organizationSlug) headers.set('organization', appConfig.organizationSlug);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A file answer (a call that `produces` a media type): named as the server's Content-Disposition offers. */
async function fileOf(response: Response): Promise<File> {
  const blob = await response.blob().catch(() => fail(null));
  const name = fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? '';
  return new File([blob], name, { type: blob.type });
}

function fail(failed: Parameters<typeof normalizeError>[0]): never {
  const { error, clearToken } = normalizeError(failed);
  throw new ApiError(error, clearToken);
}

/**
 * Calls the API as the contract describes the call: the session cookie and the app's request header, the timeout of
 * docs/product/calls.md#conventions, the answer parsed with the contract's response schema (a file for a
 * call that `produces` one, its name from Content-Disposition, empty when none). Any failure
 * throws an ApiError with the normalised error; a request the caller cancelled rethrows the AbortError
 * (TanStack Query expects it).
 */
export async function callApi<C extends Call>(call: C, ...args: CallArgs<C>): Promise<ResponseOf<C>> {
  const input: SentInput = args[0] ?? {};
  const url = `${appConfig.apiHost}${pathOf(call, input.params)}${queryOf(input.query)}`;
  const { body, contentType } = encodeCallBody(call, input.body);
  const isUpload = call.consumes?.includes('multipart/form-data') ?? false;
  const timeout = AbortSignal.timeout(isUpload ? timeouts.upload : timeouts.default);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: headersFor(call, contentType, input.headers),
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (input.signal?.aborted) throw cause;
    return fail(null);
  }
  if (response.ok && call.produces) return (await fileOf(response)) as ResponseOf<C>;
  const data = await readJson(response).catch(() => undefined);
  if (!response.ok) return fail({ status: response.status, body: data });
  const parsed = call.response.safeParse(data);
  // A 200 that does not match the contract is a server bug; the user sees the generic message.
  if (!parsed.success) return fail({ status: 500, body: undefined });
  return parsed.data as ResponseOf<C>;
}
