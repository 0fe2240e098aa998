import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * JSON bodies as Fastify parses them (`__proto__` and `constructor.prototype` keys refused), except that an
 * empty body is no body. Many HTTP client libraries send `Content-Type: application/json` on every call,
 * even one without a body (`PUT accept-terms`, `POST oauth/logout`); Fastify's own parser answers those 400.
 * A call that needs a body then gets its usual validation error, as if no body had been sent.
 *
 * A string holding U+0000 is refused here, for every call at once: PostgreSQL's text cannot store it, so it
 * would fail in the database (a 500) wherever such a string reaches a query.
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
      const field = error ? undefined : pathOfNul(value, '');
      if (field === undefined) done(error, value);
      else
        done(new AppError('error.validation', { fieldErrors: [{ field, message: 'validation.invalid' }] }));
    });
  });
}

/** The JSON path (`refs.0`, `credits.3.ref`) of the first string or key holding U+0000; undefined if none. */
function pathOfNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key.includes('\0')) return at;
    const found = pathOfNul(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
