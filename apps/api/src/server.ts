import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { stopEmbeddedPostgresNow } from './db/embedded-postgres';
import { type OpenDatabase, openDatabase } from './db/open';
import { createJobQueue } from './jobs/job-queue';
import { startMailWorker } from './jobs/mail-worker';
import { startScheduledWork } from './jobs/scheduled-work';
import { startWebhookWorkers } from './jobs/webhook-delivery';
import { clockFrom } from './lib/clock';
import { warmCreditList } from './modules/credits/warm-up';
import { seedDemoIfEmpty } from './ops/seed-demo';

/** Longer than the job queue's own stop (10 s) and a slow request's end: past it the process exits 1. */
const SHUTDOWN_GRACE_MS = 30_000;
/** Signals this close together are one request to stop (a terminal's Ctrl-C reaches npm and node both). */
const SAME_REQUEST_MS = 2_000;

/** A start-up cut short by a request to stop: not a failure. */
class StartUpStopped extends Error {}

/**
 * Starts the product: database (embedded by default), migrations, demo data, web + API on one port; and stops
 * it (docs/product/operations.md#shutdown).
 */
function main() {
  const startedAt = Date.now();
  const config = loadConfig();
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  // What has started so far, for the shutdown to stop: a signal may come at any point of the start-up.
  const running: {
    database?: OpenDatabase;
    app?: Awaited<ReturnType<typeof buildApp>>;
    jobs?: ReturnType<typeof createJobQueue>;
  } = {};
  // The app's log once it exists; plain lines on stdout before, as the start-up's own.
  const log = {
    info: (fields: object, msg: string) =>
      running.app
        ? running.app.log.info(fields, msg)
        : say(Object.keys(fields).length > 0 ? `${msg} ${JSON.stringify(fields)}` : msg),
    error: (error: unknown, msg?: string) =>
      running.app ? running.app.log.error(error, msg) : console.error(...(msg ? [msg, error] : [error])),
  };

  // SIGTERM or Ctrl-C (and an uncaught error) close the process gracefully (close-with-grace, as fastify/demo
  // does). Ctrl-C in a terminal signals npm and node together, and npm forwards its own copy: a second SIGINT or
  // SIGTERM within SAME_REQUEST_MS is the same request, so those two are handled here rather than by
  // close-with-grace, for which any second signal ends the process. A later one, another signal, a second error
  // or a close longer than SHUTDOWN_GRACE_MS end the process at once (exit 1), but never before the embedded
  // PostgreSQL is stopped (a fast shutdown): pg_ctl detaches it, so it would outlive the process. A signal during
  // the start-up lets the step under way end (a migration, say), starts nothing more and stops what has started.
  let closingSince: number | undefined;
  const stopDatabaseNow = () => !config.databaseUrl && stopEmbeddedPostgresNow(config.dataDir);
  const exitingAtOnce = (why: string) => {
    const stopped = stopDatabaseNow();
    log.error(`${why}: ${stopped ? 'stopped the embedded PostgreSQL (fast shutdown), ' : ''}exiting`);
  };
  let startUp: Promise<void> = Promise.resolve();
  const shutdown = closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: { error: (error) => log.error(error) },
      skip: ['SIGINT', 'SIGTERM'],
      onSecondSignal: (signal) => exitingAtOnce(`second ${signal}`),
      onSecondError: (err) => {
        log.error({ err }, 'uncaught error while shutting down');
        exitingAtOnce('error while shutting down');
      },
      onTimeout: (delay) => exitingAtOnce(`still shutting down after ${delay} ms`),
    },
    async ({ signal, err }) => {
      closingSince ??= Date.now();
      if (err) log.error({ err }, 'shutting down after an uncaught error');
      else if (signal) log.info({ signal }, 'shutting down: finishing requests in flight');
      const startUpFailure = await startUp.then(
        () => undefined,
        (error: unknown) => (error instanceof StartUpStopped ? undefined : error),
      );
      const { app, jobs, database } = running;
      try {
        // The HTTP side stops taking requests at once (new ones get the 503 body) and finishes those in flight,
        // while the job workers finish their current job (a mail, a sweep, a pricing pass); a job cut off by a
        // kill is retried once its lease expires. The database goes last, whether they closed well or not.
        const closed = await Promise.allSettled([app?.close(), jobs?.close()]);
        await database?.close();
        for (const result of closed) if (result.status === 'rejected') throw result.reason;
      } finally {
        // Nothing left to stop after a clean close; after a failed one (exit 1), the cluster still goes.
        stopDatabaseNow();
      }
      // A start-up that failed ends with exit 1, its error logged, once what it had started has stopped.
      if (startUpFailure) throw startUpFailure;
      log.info({}, 'stopped cleanly');
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closingSince === undefined) {
        closingSince = Date.now();
        log.info({ signal }, 'shutting down: finishing requests in flight');
        shutdown.close();
      } else if (Date.now() - closingSince < SAME_REQUEST_MS) {
        log.info({ signal }, 'already shutting down');
      } else {
        exitingAtOnce(`second ${signal}`);
        process.exit(1);
      }
    });
  }
  /** Between two steps of the start-up: once asked to stop, nothing more starts. */
  const goOn = () => {
    if (closingSince !== undefined) throw new StartUpStopped();
  };

  startUp = (async () => {
    running.database = await openDatabase(config, say, { warm: true });
    const { db } = running.database;
    goOn();
    const clock = clockFrom(config.appNow);
    if (config.seedDemo) {
      const seeded = await seedDemoIfEmpty(db, clock);
      if (seeded) say(`loaded the demo data (${seeded.summary})`);
    }
    goOn();
    const app = await buildApp({ config, db, clock });
    running.app = app;
    await warmCreditList(db, clock.now());
    goOn();
    // The job queue: the e-mails of events and security notices, written with the change (jobs/mail-worker.ts),
    // and the recurring work (jobs/scheduled-work.ts): automatic rules, and the pricing pass that keeps the stored
    // prices the credit list orders by current, in the background, never on a request; the webhooks'
    // deliveries, written with their events (jobs/webhook-delivery.ts).
    const jobs = createJobQueue(db.$client);
    running.jobs = jobs;
    jobs.boss.on('error', (err) => app.log.error({ err }, 'job queue'));
    await jobs.boss.start();
    await startMailWorker(jobs.boss, app.deps);
    await startWebhookWorkers(jobs.boss, { ...app.deps, sender: app.deps.webhooks.sender, log: app.log });
    await startScheduledWork(jobs.boss, { ...app.deps, log: app.log });
    goOn();
    await app.listen({ port: config.port, host: config.host });
    say(`\nSupplier portal ready in ${Date.now() - startedAt} ms at ${config.publicUrl}`);
    say(`API docs: ${config.publicUrl}/api/docs`);
    if (config.seedDemo) say('Demo logins are listed in the README (password demo1234).');
  })();
  // A failed start-up (the port taken, a migration refused...) stops what it had started, then exits 1.
  startUp.catch((error) => {
    if (!(error instanceof StartUpStopped)) shutdown.close();
  });
}

main();
