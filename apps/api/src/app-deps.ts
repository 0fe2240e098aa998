import type { Config } from './config';
import type { Database } from './db/client';
import type { Background } from './lib/background';
import type { Clock } from './lib/clock';
import type { Mailer } from './mail/mailer';

/**
 * What every route reaches through `app.deps`. Its own module, importing no route module, so the modules can
 * name it without importing app.ts (which imports them all).
 */
export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  background: Background;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
