import { z } from 'zod';
import { errorBodySchema } from './errors';
import type { PlatformScope } from './platform-scopes';

export const httpMethodSchema = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
export type HttpMethod = z.infer<typeof httpMethodSchema>;

/**
 * public: no token; user: any valid token of a person; provider: a person's token with ROLE_PROVIDER; machine:
 * a machine client's token with the call's `scope` (docs/product/calls.md#auth-levels).
 */
export const authLevelSchema = z.enum(['public', 'user', 'provider', 'machine']);
export type AuthLevel = z.infer<typeof authLevelSchema>;

/** Request body media types; JSON unless a call says otherwise. */
export const mediaTypeSchema = z.enum([
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);
export type MediaType = z.infer<typeof mediaTypeSchema>;

/** Media types a call's 200 may answer instead of JSON: a file's bytes (errors are always the JSON error body). */
export const fileMediaTypeSchema = z.enum(['application/pdf', 'text/plain']);
export type FileMediaType = z.infer<typeof fileMediaTypeSchema>;

/**
 * One API call, as both sides see it. `path` is in Fastify form (`/api/webapp/companies/:id/default`) and is
 * the only place the string lives. `response` is the 200 body; errors always answer `errorBodySchema`.
 * Response schemas hold no transform, default or coercion: the server serialises with `z.encode`, which
 * cannot run those backwards.
 */
export type Call = {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly auth: AuthLevel;
  /**
   * Callable by a user whose organization requires a second factor they have not enrolled yet; every other
   * authenticated call answers them 403 error.user.twoFactorRequired (docs/product/account-security.md#forced-enrolment).
   */
  readonly duringEnrolment?: true;
  /** The scope a machine client's token needs for a `machine` call (docs/product/platform-api.md#scopes). */
  readonly scope?: PlatformScope;
  /** Short OpenAPI summary; also the first line the server's route file shows. */
  readonly summary: string;
  /** OpenAPI tag: the domain file the call belongs to. */
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  /** Header names in lower case, as Node hands them over; a loose object, other headers pass. */
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  readonly consumes?: readonly MediaType[];
  /** A body limit above the 1 MiB of every other call, for a call that takes documents (the platform's imports). */
  readonly maxBodyBytes?: number;
  /** The call creates what it answers: its success is 201 (with `response` as its body), not 200. */
  readonly created?: true;
  /** The 200 is a file of this media type, not JSON; `response` is then `fileResponseSchema`. */
  readonly produces?: FileMediaType;
  readonly response: z.ZodType;
};

/** The 200 of a call that answers no body: the server replies `reply.send()`, the web app reads nothing. */
export const emptyResponseSchema = z.void();

/**
 * The 200 of a call that answers a file (its media type in `produces`): bytes, never parsed as JSON. OpenAPI
 * shows it as `type: string, format: binary`; the server sends a Buffer, the web app reads `response.blob()`.
 */
export const fileResponseSchema = z.file();

/** Identity at runtime; keeps the literal method, path and schema types of each call. */
export function defineCall<const C extends Call>(call: C): C {
  return call;
}

/** The names of the `:param` segments of a path, as a union of string literals. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<C extends Pick<Call, 'path'>> = Record<PathParamNames<C['path']>, string | number>;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** What the web app sends and what the server's handler receives, per part of a call. */
export type ParamsOf<C extends Call> = Input<C['params']>;
export type QueryOf<C extends Call> = Input<C['querystring']>;
export type BodyOf<C extends Call> = Input<C['body']>;
export type ParsedQueryOf<C extends Call> = Output<C['querystring']>;
export type ParsedBodyOf<C extends Call> = Output<C['body']>;
export type ResponseOf<C extends Call> = z.output<C['response']>;

/**
 * What a client sends with a call, each part typed by the call: its path's params (required when the path has
 * some), its query, and its body (a FormData for a multipart call; required unless the schema accepts none). A
 * part the call does not have cannot be sent, so a wrong name or shape fails the typecheck on both sides.
 */
export type CallRequest<C extends Call> = ([PathParamNames<C['path']>] extends [never]
  ? { params?: never }
  : { params: PathParams<C> }) &
  ([QueryOf<C>] extends [never] ? { query?: never } : { query?: QueryOf<C> }) &
  (C['consumes'] extends readonly ['multipart/form-data', ...unknown[]]
    ? { body: FormData }
    : [BodyOf<C>] extends [never]
      ? { body?: never }
      : undefined extends BodyOf<C>
        ? { body?: BodyOf<C> }
        : { body: BodyOf<C> });

/**
 * The path of a call with its `:params` substituted and URL-encoded. A path without params takes no second
 * argument; a missing param throws instead of producing `/companies/undefined/default`.
 */
export function buildPath<C extends Call>(
  call: C,
  ...args: [PathParamNames<C['path']>] extends [never] ? [] : [params: PathParams<C>]
): string {
  const params: Record<string, string | number> = args[0] ?? {};
  return call.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`buildPath: missing param "${name}" for ${call.path}`);
    return encodeURIComponent(String(value));
  });
}

type QueryValue = string | number | boolean | null | undefined;

/** `?a=1&b=x` from a query object, leaving out null and undefined; '' when nothing is left. */
export function buildQuery(query: Readonly<Record<string, QueryValue>> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Error answers every route documents and serialises (one body everywhere,
 * docs/product/errors.md#error-body).
 */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** A file's 200 in Fastify's per-media-type form, so OpenAPI names its type while errors stay JSON. */
type OkResponse<C extends Call> = C extends { produces: FileMediaType }
  ? { content: { [M in C['produces']]: { schema: C['response'] } } }
  : C['response'];

/**
 * The Fastify route `schema` of a call (fastify-type-provider-zod reads the zod schemas, @fastify/swagger
 * turns them into OpenAPI). Parts the call does not have are left out rather than set to undefined.
 */
export function toRouteSchema<C extends Call>(call: C) {
  const { params, querystring, headers, body, consumes, produces } = call;
  const ok = produces ? { content: { [produces]: { schema: call.response } } } : call.response;
  return {
    summary: call.summary,
    tags: [call.tag],
    ...(params && { params }),
    ...(querystring && { querystring }),
    ...(headers && { headers }),
    ...(body && { body }),
    ...(consumes && { consumes: [...consumes] }),
    response: { [call.created ? 201 : 200]: ok, ...errorResponses },
  } as {
    summary: string;
    tags: string[];
    params: C['params'];
    querystring: C['querystring'];
    headers: C['headers'];
    body: C['body'];
    consumes?: MediaType[];
    response: { 200: OkResponse<C> } & typeof errorResponses;
  };
}
