import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  buildPath,
  buildQuery,
  type Call,
  type CallRequest,
  encodeCallBody,
  issueTokenCall,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createJobQueue, queues } from '../src/jobs/job-queue';
import type { MailJob } from '../src/jobs/mail-queue';
import { deliverMailJob } from '../src/jobs/mail-worker';
import { frozenClock } from '../src/lib/clock';
import type { Mailer, MailMessage } from '../src/mail';
import type { WebhookAddressRules } from '../src/modules/webhooks/webhook-address';
import { type DeliveryJob, deliverDue } from '../src/modules/webhooks/webhook-deliveries';
import { freshDatabase } from './database';

export const TEST_NOW = new Date('2026-03-10T10:00:00-03:00');

/** Captures mail in memory; tests of the real SMTP path live in src/mail. */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[] } = {
    sent,
    send: async (message) => {
      sent.push(message);
    },
    close: async () => {},
  };
  return mailer;
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  clock: ReturnType<typeof frozenClock>;
  mailer: ReturnType<typeof memoryMailer>;
  url: string;
  /** The app's JSON log lines, kept only with `{ keepLogs: true }`. */
  logLines: string[];
  /**
   * Sends every e-mail waiting in the job queue, as the server's worker would (jobs/mail-worker.ts), through the
   * captured mailer; answers how many were sent.
   */
  deliverMails: () => Promise<number>;
  /**
   * Runs every webhook delivery job that is due, as the server's workers would (jobs/webhook-delivery.ts); a
   * retry scheduled later stays queued. Answers the number of HTTP attempts made.
   */
  deliverWebhooks: () => Promise<number>;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** Every test file's logs, which scripts/check-logs.mjs scans after the whole run for leaked secrets. */
export const TEST_LOG_DIR = path.join(repoRoot, 'test-results/logs/api');

/** The app's logs at info, appended to test-results/logs/api/<test file>.log (and kept in memory if asked). */
function testLogStream(lines: string[] | undefined) {
  const testPath = expect.getState().testPath ?? `unnamed-${process.pid}`;
  const name = path.relative(repoRoot, testPath).replace(/[\\/]/g, '__');
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const file = createWriteStream(path.join(TEST_LOG_DIR, `${name}.log`), { flags: 'a' });
  afterAll(() => new Promise<void>((resolve) => file.end(resolve)));
  return {
    write(line: string) {
      lines?.push(line);
      file.write(line);
    },
  };
}

/** The real app on a fresh real database, with a movable clock and captured mail. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    keepLogs?: boolean;
    webhooks?: { addressRules?: WebhookAddressRules; timeoutMs?: number };
  } = {},
): Promise<TestApp> {
  const { db, url } = await freshDatabase();
  const clock = frozenClock(TEST_NOW);
  const mailer = memoryMailer();
  const config = loadConfig({
    LOG_LEVEL: 'info',
    DATA_DIR: '/tmp/portal-test-data',
    WEB_DIST: '/nonexistent',
    // Every answer checked against its contract schema (http/answer-serializer.ts): NODE_ENV is not in this env.
    CHECK_ANSWERS: 'true',
    ...env,
  });
  const logLines: string[] = [];
  const logStream = testLogStream(options.keepLogs ? logLines : undefined);
  const app = await buildApp({ config, db, clock, mailer, logStream, webhooks: options.webhooks });
  await app.ready();
  afterAll(() => app.close());
  const deliverMails = () =>
    runDueJobs<MailJob>(db, queues.eventMail.name, async (job) =>
      (await deliverMailJob({ db, mailer, secrets: app.deps.secrets, config }, job)) === 'sent' ? 1 : 0,
    );
  const webhookDeps = { db, secrets: app.deps.secrets, sender: app.deps.webhooks.sender, log: app.log };
  const deliverWebhooks = () =>
    runDueJobs<DeliveryJob>(db, queues.webhookDelivery.name, (job) => deliverDue(webhookDeps, job));
  return { app, db, clock, mailer, url, logLines, deliverMails, deliverWebhooks };
}

/**
 * Runs the queue's due jobs until none is left, one at a time in this process, as the server's worker would;
 * a job scheduled later stays queued. Answers the sum of what `run` answers (mails sent, attempts made).
 */
async function runDueJobs<T extends object>(
  db: Database,
  queue: string,
  run: (data: T) => Promise<number>,
): Promise<number> {
  const { boss, close } = createJobQueue(db.$client);
  let total = 0;
  try {
    for (;;) {
      const jobs = await boss.fetch<T>(queue, { batchSize: 100 });
      if (jobs.length === 0) return total;
      for (const job of jobs) total += await run(job.data);
      await boss.complete(
        queue,
        jobs.map((job) => job.id),
      );
    }
  } finally {
    await close();
  }
}

/**
 * Sends one call of the contract to the app, its path built from the call and its params, query and body typed
 * by it (CallRequest, as the web client's): a test cannot send a path, a param or a body shape the contract
 * does not have. The body goes in the media type the call consumes first, as the web client sends it (a form
 * for the token, a string as plain text for the reset request, JSON otherwise); a header given overrides its
 * content type.
 */
export function injectCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  input: CallRequest<C> & { headers?: Record<string, string>; remoteAddress?: string },
) {
  const sent = input as { params?: Record<string, string | number>; query?: unknown; body?: unknown };
  const path = (buildPath as (call: Call, params?: Record<string, string | number>) => string)(
    call,
    sent.params,
  );
  const { body, contentType } = encodeCallBody(call, sent.body);
  return app.inject({
    method: call.method,
    url: `${path}${(buildQuery as (query?: unknown) => string)(sent.query)}`,
    headers: { ...(contentType && { 'content-type': contentType }), ...input.headers },
    payload: body,
    remoteAddress: input.remoteAddress,
  });
}

export const CLIENT = { client_id: 'portal-web', client_secret: 'portal-web-secret' };

export async function loginAs(
  app: FastifyInstance,
  user: { login: string; password: string; organization?: string },
) {
  const res = await injectCall(app, issueTokenCall, {
    body: { username: user.login, password: user.password, grant_type: 'password', ...CLIENT },
    headers: { ...(user.organization && { organization: user.organization }) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}
