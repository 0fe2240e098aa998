import { type Call, toRouteSchema } from '@portal/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../modules/auth/tokens';
import type { MachineCaller } from '../modules/machine-clients/machine-tokens';
import { AppError } from './app-error';
import { requireAuth, requireMachine } from './authenticate';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** What a handler receives: the request parsed by the call's schemas, plus the caller when authenticated. */
export type CallRequest<C extends Call> = FastifyRequest<
  RouteGenericInterface & {
    Params: Out<C['params']>;
    Querystring: Out<C['querystring']>;
    Body: Out<C['body']>;
    Headers: Out<C['headers']>;
  }
>;

type Handler<C extends Call> = (
  request: CallRequest<C>,
  reply: FastifyReply,
  caller: C['auth'] extends 'public'
    ? undefined
    : C['auth'] extends 'machine'
      ? MachineCaller
      : AuthenticatedUser,
) => Promise<z.input<C['response']> | undefined | FastifyReply>;

/**
 * Registers one contract call: method, path, schemas (validation, serialisation, OpenAPI) and its
 * authentication level all come from the contract, so a route cannot drift from what the web app expects.
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: Handler<C>,
  options: {
    /** `'warn'` keeps a frequent, uneventful call (a health check) out of the request log. */
    logLevel?: 'warn';
  } = {},
) {
  // The handler's types come from Handler<C>; Fastify's own inference cannot follow a generic call.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    ...options,
    ...(call.maxBodyBytes && { bodyLimit: call.maxBodyBytes }),
    schema: {
      ...toRouteSchema(call),
      ...(call.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    // onRequest, before body validation: an anonymous caller learns nothing about a call's body rules.
    onRequest: authenticationOf(call),
    preParsing: mediaTypeCheckOf(call),
    handler: async (request, reply) => {
      const caller = (call.auth === 'machine' ? request.machine : request.caller) as Parameters<
        Handler<C>
      >[2];
      const result = await handler(request as unknown as CallRequest<C>, reply, caller);
      // A handler that sends the reply itself (a file) returns it; Fastify's reply is a thenable, so awaiting it
      // gives undefined once the answer is out, never the reply: whether it was sent is the reply's own flag.
      if (reply.sent) return reply;
      if (call.created) reply.code(201);
      return reply.send(result as never);
    },
  } as RouteOptions);
}

/**
 * A body is read only in a media type the call takes (its `consumes`, JSON when it names none): any other
 * (`text/plain`, XML, a form on a JSON call) is 415 error.unsupportedMediaType (docs/product/errors.md#status-rules),
 * before it is parsed. A request without a body (none, or an empty one) is left to the call's validation.
 */
function mediaTypeCheckOf(call: Call) {
  if (!call.body && !call.consumes) return undefined;
  const accepted: readonly string[] = call.consumes ?? ['application/json'];
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
    const hasBody = chunked !== undefined || (length !== undefined && length !== '0');
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (hasBody && mediaType !== undefined && !accepted.includes(mediaType))
      throw new AppError('error.unsupportedMediaType');
    return payload;
  };
}

function authenticationOf(call: Call) {
  if (call.auth === 'public') return undefined;
  if (call.auth === 'machine') {
    if (!call.scope) throw new Error(`${call.method} ${call.path}: a machine call names the scope it needs`);
    return requireMachine(call.scope);
  }
  return requireAuth(call.auth, { duringEnrolment: call.duringEnrolment === true });
}
