import { type ErrorCode, errorBody, type FieldError, statusOf } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

/**
 * Turns every failure into the one error body. Internals (stack, SQL, paths) are logged, never sent:
 * anything unexpected answers `error.unknown`.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      const body = errorBody(
        error.code,
        error.options.fieldErrors,
        error.statusCode,
        error.options.params,
        error.options.mfaToken,
      );
      const { scope, description } = error.options;
      return reply
        .status(error.statusCode)
        .send({ ...body, ...(description && { error_description: description }), ...(scope && { scope }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldError[] = error.validation.flatMap((issue) => {
        const field = fieldPath(error.validationContext, issue.instancePath);
        if (issue.keyword === 'unrecognized_keys') {
          const keys = (issue.params as { keys?: string[] }).keys ?? [];
          return keys.map((key) => ({
            field: field === 'body' ? key : `${field}.${key}`,
            message: 'validation.unknownField',
          }));
        }
        return [{ field, message: validationMessage(issue.message) }];
      });
      return reply.status(400).send(errorBody('error.validation', fieldErrors));
    }
    const code = clientErrorCode(error);
    if (code) {
      const status =
        code === 'error.validation' && error.statusCode !== 413 ? (error.statusCode ?? 400) : statusOf(code);
      return reply.status(status).send(errorBody(code, [], status));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody('error.serviceUnavailable'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('error.unknown'));
  });
}

function fieldPath(context: string | undefined, instancePath: string) {
  const tail = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return tail || context || 'body';
}

/** Contract schemas carry catalogue keys as messages; zod's own English is replaced by a generic key. */
function validationMessage(message = '') {
  return /^(validation|error)\.[\w.]+$/.test(message) ? message : 'error.validation';
}

/** Fastify's own 4xx errors (malformed JSON, wrong content type, body too large) keep their status. */
function clientErrorCode(error: FastifyError): ErrorCode | undefined {
  const status = error.statusCode ?? 500;
  // A second file part is a malformed upload, not a large one (the multipart plugin gives it 413).
  if (error.code === 'FST_FILES_LIMIT') return 'error.validation';
  // A body of a media type no parser takes (docs/product/errors.md#status-rules).
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'error.unsupportedMediaType';
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'error.upload.tooLarge';
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return 'error.upload.tooLarge';
  if (status === 429) return 'error.rateLimited';
  if (status >= 400 && status < 500) return 'error.validation';
  return undefined;
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  // A statement cancelled by statement_timeout (or by an operator): the database is too busy to answer.
  '57014',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e?.code && unavailableCodes.has(e.code)) return true;
  if (e?.message?.includes('timeout exceeded when trying to connect')) return true;
  if (e?.message?.includes('Connection terminated')) return true;
  if (e?.message?.includes('encountered a connection error and is not queryable')) return true;
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}
