import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (`__proto__` and `constructor.prototype` keys refused), except that an
 * empty body is no body. Many HTTP client libraries send `Content-Type: application/json` on every call,
 * even one without a body (`PUT accept-terms`, `POST oauth/logout`); Fastify's own parser answers those 400.
 * A call that needs a body then gets its usual validation error, as if no body had been sent.
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
    parseJson(request, text, done);
  });
}
