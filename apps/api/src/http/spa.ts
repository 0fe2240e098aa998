import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a deploy is seen
 * at once. Any other GET (or HEAD, as some uptime probes send) of a page gets index.html (history-API
 * routing); API paths get the error body.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      isPageRequest(request.url, request.headers.accept);
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .type('text/html')
        .send('<!doctype html><title>Portal</title><p>Web app not built: run npm run build.</p>');
    }
    return reply.status(404).send(errorBody('error.notFound'));
  });
}

/**
 * A browser asks for text/html; curl (which accepts any type) and uptime probes (often no Accept at all) do
 * not, and they must get the page too. Left out: API paths, a client that asks only for JSON (an API client that
 * typed a wrong path wants the JSON 404), and a missing file such as a stale `/assets/x.js` (HTML in its
 * place would turn a clear 404 into a script error).
 */
export function isPageRequest(url: string, accept: string | undefined) {
  const path = url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  if (accept?.includes('text/html')) return true;
  return !asksOnlyForJson(accept) && !/\.[^/]*$/.test(path);
}

/** Every media range of the Accept header is JSON (`application/json`, `application/*+json`). */
function asksOnlyForJson(accept: string | undefined) {
  if (!accept?.trim()) return false;
  return accept
    .split(',')
    .map((range) => range.split(';')[0]!.trim().toLowerCase())
    .every((type) => type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type));
}
