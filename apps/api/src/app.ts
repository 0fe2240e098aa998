import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { healthCall } from '@portal/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import type { Database } from './db/client';
import { answerSerializerCompiler } from './http/answer-serializer';
import { AppError } from './http/app-error';
import { registerAccessDeniedLog } from './http/audit-log';
import { registerErrorHandler } from './http/error-handler';
import { answerFrameworkError } from './http/framework-errors';
import { parseJsonBodies } from './http/json-body';
import { loggerOptions, requestIdOptions } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { trustNearestProxy } from './http/trusted-proxy';
import { createBackground } from './lib/background';
import type { Clock } from './lib/clock';
import { loadSecretsKey, secretBox } from './lib/secret-box';
import { createMailer, type Mailer } from './mail';
import { registerModules } from './modules';
import { webSignIn } from './modules/auth/web-sign-in';
import { pageChatOrigin } from './modules/organization-info/chat';
import { createWebhookSender } from './modules/webhooks/send-webhook';
import { defaultAddressRules, type WebhookAddressRules } from './modules/webhooks/webhook-address';

export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Builds the whole HTTP app from its dependencies; listening is server.ts's job. */
export async function buildApp(input: {
  config: Config;
  db: Database;
  clock: Clock;
  mailer?: Mailer;
  /** Tests replace name resolution (DNS rebinding) and the receiver's timeout. */
  webhooks?: { addressRules?: WebhookAddressRules; timeoutMs?: number };
  /** Where logs go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
}) {
  const { config } = input;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, input.logStream),
    ...requestIdOptions,
    trustProxy: config.trustProxy ? trustNearestProxy : false,
    bodyLimit: MAX_JSON_BODY_BYTES,
    frameworkErrors: answerFrameworkError,
    // Requests that arrive during shutdown get a clean 503 (the hook below), not Fastify's own body.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers: config.checkAnswers }));
  parseJsonBodies(app);

  const background = createBackground(app.log);
  const mailer =
    input.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      mailboxDir: path.join(config.dataDir, 'mailbox'),
      from: config.mailFrom,
      log: app.log,
    });
  const secrets = secretBox(loadSecretsKey(config));
  const lifecycle = { draining: false };
  const addressRules = input.webhooks?.addressRules ?? defaultAddressRules(config.webhookAllowPrivateUrls);
  const webhooks = { addressRules, sender: createWebhookSender(addressRules, input.webhooks?.timeoutMs) };
  const deps: AppDeps = {
    config,
    db: input.db,
    clock: input.clock,
    mailer,
    background,
    secrets,
    webhooks,
    lifecycle,
  };
  app.decorate('deps', deps);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Once shutdown starts, a request still arriving on an open keep-alive connection is refused with the one
  // error body (Fastify also sends `Connection: close`); the requests already in flight finish. The liveness
  // check still answers: the process runs until they have.
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });
  app.addHook('onRequest', async (request) => {
    if (lifecycle.draining && request.url !== healthCall.path) {
      throw new AppError('error.serviceUnavailable', { headers: { 'retry-after': '5' } });
    }
  });
  app.addHook('onClose', async () => {
    await background.drain();
    if (!input.mailer) await mailer.close();
    webhooks.sender.close();
  });

  registerErrorHandler(app);
  registerAccessDeniedLog(app);
  await registerSecurityHeaders(app);
  // JSON answers up to 64 KiB (a credits page is ~9 KB) are compressed in one synchronous call: the
  // plugin's default on 2 cores (8 KiB) sends them through a zlib stream, which costs many times the CPU of
  // compressing the same bytes in one call (docs/decisions/api-speed.md#sync-compression).
  // Brotli at quality 1 rather than the plugin's 4: a fraction of the CPU for answers a little larger
  // (docs/decisions/api-speed.md#brotli-quality; the built web app's files are compressed at build time, not here).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 65_536,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
  });
  await app.register(formbody);
  // Parses Cookie and writes Set-Cookie for the web app's session (http/session-cookie.ts); no signing: the
  // session id is an opaque random value checked against its stored hash.
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  await registerOpenApi(app);
  await app.register(registerModules, { prefix: '' });
  const webSession = webSignIn(app);
  await registerSpa(app, config.webDist, {
    chatOrigin: (slug) => pageChatOrigin(input.db, slug),
    signIn: (request, reply, credentials) => webSession.withPassword(request, reply, 'form', credentials),
  });
  return app;
}
