import type PgBoss from 'pg-boss';
import { type DeliveryDeps, type DeliveryJob, deliverDue } from '../modules/webhooks/webhook-deliveries';
import { queues } from './job-queue';

/** Independent polling loops, so a receiver that takes its whole 10 s holds up one loop, not every delivery. */
const LOOPS = 4;
export const JOBS_PER_FETCH = 5;

/**
 * The webhook workers (modules/webhooks/webhook-deliveries.ts): each fetched job sends one endpoint's due
 * deliveries of one request, the jobs of a fetch side by side and each on its own (runDeliveryJobs). A full
 * fetch skips the polling pause, so a backlog (an endpoint coming back after an outage) drains at the receiver's
 * pace rather than 5 jobs a poll.
 */
export async function startWebhookWorkers(boss: PgBoss, deps: DeliveryDeps): Promise<void> {
  for (let loop = 0; loop < LOOPS; loop += 1) {
    const workerId: string = await boss.work<DeliveryJob>(
      queues.webhookDelivery.name,
      { batchSize: JOBS_PER_FETCH, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        await runDeliveryJobs(boss, deps, jobs);
        if (jobs.length === JOBS_PER_FETCH) boss.notifyWorker(workerId);
      },
    );
  }
}

/**
 * One fetch's jobs, side by side, as the e-mail worker runs its own (mail-worker.ts): a run that fails (a database
 * error) fails its own job only, which pg-boss retries alone, and the fetch ends when every run has, so the
 * queue's graceful stop waits for the deliveries in flight rather than leaving them to a closing pool.
 */
export async function runDeliveryJobs(
  boss: PgBoss,
  deps: DeliveryDeps,
  jobs: readonly PgBoss.Job<DeliveryJob>[],
): Promise<void> {
  await Promise.all(
    jobs.map((job) =>
      deliverDue(deps, job.data).catch((error: Error) =>
        // Marking it failed can fail too (the process is stopping): the job then expires and runs again, and the
        // delivery's lease keeps it from being sent twice at once.
        boss.fail(queues.webhookDelivery.name, job.id, { message: error.message }).catch(() => undefined),
      ),
    ),
  );
}
