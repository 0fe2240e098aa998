import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './app-error';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a deploy is seen
 * at once. Any other GET that wants HTML gets index.html (history-API routing); API paths get the error body.
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
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      request.headers.accept?.includes('text/html');
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
