import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from './app-error';

/**
 * JSON bodies as Fastify parses them (`__proto__` and `constructor.prototype` keys refused), except that an
 * empty body is no body. Many HTTP client libraries send `Content-Type: application/json` on every call,
 * even one without a body (`PUT accept-terms`, `POST oauth/logout`); Fastify's own parser answers those 400.
 * A call that needs a body then gets its usual validation error, as if no body had been sent.
 *
 * A string holding U+0000 is refused here, for every call at once: PostgreSQL's text cannot store it, so it
 * would fail in the database (a 500) wherever such a string reaches a query. (The platform import reads its
 * body on a worker thread and names U+0000 as the import format does: modules/platform/import-worker.ts.)
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    // JSON can only carry U+0000 escaped; the walk runs only when the escape is in the text.
    if (!/\\u0000/i.test(text)) {
      parseJson(request, text, done);
      return;
    }
    parseJson(request, text, (error, value) => {
      const nul = error ? undefined : findNul(value, []);
      if (nul === undefined) done(error, value);
      else done(refuseNulAsValidation(nul));
    });
  });
}

/** Where U+0000 is: the string's path, or the path of the object whose key (given) holds it. */
export type NulAt = { path: (string | number)[]; key?: string };

/** 400 error.validation naming the value (`refs.0`, `credits.3.ref`), or the key itself (`credits.3.<key>`). */
function refuseNulAsValidation({ path, key }: NulAt): Error {
  const field = [...path, ...(key === undefined ? [] : [key])].join('.');
  return new AppError('error.validation', { fieldErrors: [{ field, message: 'validation.invalid' }] });
}

/**
 * A JSON text read as Fastify's own parser reads it (secure-json-parse, `__proto__` and `constructor.prototype`
 * keys refused), for a body parsed off the request's thread (modules/platform/import-worker.ts): the error is a
 * SyntaxError for text that is not JSON, and a plain Error for a forbidden key.
 */
export function parseJsonText(text: string): unknown {
  return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
}

/** The first string or key holding U+0000, in document order; undefined if none. */
export function findNul(value: unknown, path: (string | number)[]): NulAt | undefined {
  if (typeof value === 'string') return value.includes('\0') ? { path } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && key.includes('\0')) return { path, key };
    const found = findNul(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
