import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
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

/** Starts the product: database (embedded by default), migrations, demo data, web + API on one port. */
async function main() {
  const startedAt = Date.now();
  const config = loadConfig();
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  const database = await openDatabase(config, say, { warm: true });
  const clock = clockFrom(config.appNow);
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, clock);
    if (seeded) say(`loaded the demo data (${seeded.summary})`);
  }
  const app = await buildApp({ config, db: database.db, clock });
  await warmCreditList(database.db, clock.now());
  // The job queue: the e-mails of events and security notices, written with the change (jobs/mail-worker.ts), and the
  // recurring work (jobs/scheduled-work.ts): automatic rules, and the pricing pass that keeps the stored
  // prices the credit list orders by current, in the background, never on a request; the webhooks' deliveries,
  // written with their events (jobs/webhook-delivery.ts).
  const jobs = createJobQueue(database.db.$client);
  jobs.boss.on('error', (err) => app.log.error({ err }, 'job queue'));
  await jobs.boss.start();
  await startMailWorker(jobs.boss, app.deps);
  await startWebhookWorkers(jobs.boss, { ...app.deps, sender: app.deps.webhooks.sender, log: app.log });
  await startScheduledWork(jobs.boss, { ...app.deps, log: app.log });

  // SIGTERM or Ctrl-C (and an uncaught error) close the process gracefully (close-with-grace, as fastify/demo
  // does). Ctrl-C in a terminal signals npm and node together, and npm forwards its own copy: a second SIGINT or
  // SIGTERM within SAME_REQUEST_MS is the same request, so those two are handled here rather than by
  // close-with-grace, for which any second signal ends the process. A later one, another signal, a second error
  // or a close longer than SHUTDOWN_GRACE_MS end the process at once (exit 1), but never before the embedded
  // PostgreSQL is stopped (a fast shutdown): pg_ctl detaches it, so it would outlive the process.
  let closingSince: number | undefined;
  const exitingAtOnce = (why: string) => {
    const stopped = database.stopNow();
    app.log.error(`${why}: ${stopped ? 'stopped the embedded PostgreSQL (fast shutdown), ' : ''}exiting`);
  };
  const shutdown = closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: app.log,
      skip: ['SIGINT', 'SIGTERM'],
      onSecondSignal: (signal) => exitingAtOnce(`second ${signal}`),
      onSecondError: (err) => {
        app.log.error({ err }, 'uncaught error while shutting down');
        exitingAtOnce('error while shutting down');
      },
      onTimeout: (delay) => exitingAtOnce(`still shutting down after ${delay} ms`),
    },
    async ({ signal, err }) => {
      closingSince ??= Date.now();
      if (err) app.log.error({ err }, 'shutting down after an uncaught error');
      else if (signal) app.log.info({ signal }, 'shutting down: finishing requests in flight');
      // The HTTP side stops taking requests at once (new ones get the 503 body) and finishes those in flight,
      // while the job workers finish their current job (a mail, a sweep, a pricing pass); a job cut off by a
      // kill is retried once its lease expires. The database goes last, whether they closed well or not.
      try {
        const closed = await Promise.allSettled([app.close(), jobs.close()]);
        await database.close();
        for (const result of closed) if (result.status === 'rejected') throw result.reason;
      } finally {
        // Nothing left to stop after a clean close; after a failed one (exit 1), the cluster still goes.
        database.stopNow();
      }
      app.log.info('stopped cleanly');
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closingSince === undefined) {
        closingSince = Date.now();
        app.log.info({ signal }, 'shutting down: finishing requests in flight');
        shutdown.close();
      } else if (Date.now() - closingSince < SAME_REQUEST_MS) {
        app.log.info({ signal }, 'already shutting down');
      } else {
        exitingAtOnce(`second ${signal}`);
        process.exit(1);
      }
    });
  }

  await app.listen({ port: config.port, host: config.host });
  say(`\nSupplier portal ready in ${Date.now() - startedAt} ms at ${config.publicUrl}`);
  say(`API docs: ${config.publicUrl}/api/docs`);
  if (config.seedDemo) say('Demo logins are listed in the README (password demo1234).');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
