import type PgBoss from 'pg-boss';
import { type DeliveryDeps, type DeliveryJob, deliverDue } from '../modules/webhooks/webhook-deliveries';
import { queues } from './job-queue';

/** Independent polling loops, so a receiver that takes its whole 10 s holds up one loop, not every delivery. */
const LOOPS = 4;
const JOBS_PER_FETCH = 5;

/**
 * The webhook workers (modules/webhooks/webhook-deliveries.ts): each fetched job sends one endpoint's due
 * deliveries of one request, the jobs of a fetch side by side. A full fetch skips the polling pause, so a
 * backlog (an endpoint coming back after an outage) drains at the receiver's pace rather than 5 jobs a poll.
 */
export async function startWebhookWorkers(boss: PgBoss, deps: DeliveryDeps): Promise<void> {
  for (let loop = 0; loop < LOOPS; loop += 1) {
    const workerId: string = await boss.work<DeliveryJob>(
      queues.webhookDelivery.name,
      { batchSize: JOBS_PER_FETCH, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        await Promise.all(jobs.map((job) => deliverDue(deps, job.data)));
        if (jobs.length === JOBS_PER_FETCH) boss.notifyWorker(workerId);
      },
    );
  }
}
