import { errorBody } from '@portal/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Errors the router raises before any hook or the error handler runs: a URL that does not decode
 * (`/x/%zz`) and a path parameter longer than the router takes (a 200-digit id). Fastify's own answer is
 * another body shape that echoes the whole path; these get the one error body
 * (docs/product/errors.md#error-body) instead, and the headers a JSON answer needs since the security-header
 * hook has not run.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  reply
    .status(status)
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(errorBody(status === 500 ? 'error.unknown' : 'error.validation', [], status));
}
