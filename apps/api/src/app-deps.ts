import type { Config } from './config';
import type { Database } from './db/client';
import type { Background } from './lib/background';
import type { Clock } from './lib/clock';
import type { SecretBox } from './lib/secret-box';
import type { Mailer } from './mail/mailer';
import type { WebhookSender } from './modules/webhooks/send-webhook';
import type { WebhookAddressRules } from './modules/webhooks/webhook-address';

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
  /** Seals and opens second-factor secrets (lib/secret-box.ts). */
  secrets: SecretBox;
  /** Where webhooks may go, and the one HTTP client that sends them (modules/webhooks). */
  webhooks: { addressRules: WebhookAddressRules; sender: WebhookSender };
  /** `draining` from the moment shutdown starts: the readiness check then answers 503. */
  lifecycle: { draining: boolean };
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
