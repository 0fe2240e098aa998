import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Background } from '../lib/background';
import type { Clock } from '../lib/clock';
import { sweepAutoRules } from '../modules/auto-rules/sweep';
import { repriceStaleProviders } from '../modules/credits/pricing-schedule';
import { sweepExpiredQuotes } from '../modules/quotes/expire-quotes';
import { deleteOldAttempts, requeueStalledDeliveries } from '../modules/webhooks/webhook-deliveries';
import { queues } from './job-queue';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type ScheduledWorkDeps = { db: Database; clock: Clock; background: Background; log: Log };

/** Every minute, in the cluster's time; pg-boss's cron sends one job per minute whatever the number of processes. */
const EVERY_MINUTE = '* * * * *';
/** Every day at 03:30 UTC (00:30 in Brasília), when the API is quietest. */
const EVERY_NIGHT = '30 3 * * *';

/**
 * The product's recurring work, on the job queue (docs/decisions/job-queue.md): the automatic rules' sweep and
 * the pricing pass, the webhooks' safety net (a delivery whose worker died gets a job again) and the quotes'
 * expiry (docs/product/auction.md#expiry), each a pg-boss
 * schedule of one job a minute; and the webhook delivery log's retention (attempts over 30 days old deleted), one
 * job a day. Each runs once more as soon as a process starts,
 * so a day missed while the server was down is done (or recorded missed) on its return, and prices made stale
 * by an import while it was down are refreshed. A job runs on one process of the cluster at a time; SIGTERM
 * (the queue's graceful stop) waits for the one in progress, and one cut off by a kill is done again by the
 * next minute's.
 */
export async function startScheduledWork(boss: PgBoss, deps: ScheduledWorkDeps): Promise<void> {
  const { db, clock, background, log } = deps;
  await boss.work(queues.autoRules.name, { pollingIntervalSeconds: 1 }, async () => {
    await sweepAutoRules(db, clock.now(), log);
  });
  await boss.work(queues.pricingPass.name, { pollingIntervalSeconds: 1 }, async () => {
    await repriceStaleProviders(db, { now: clock.now(), background, log });
  });
  await boss.work(queues.webhookSweep.name, { pollingIntervalSeconds: 1 }, async () => {
    const requeued = await requeueStalledDeliveries(db);
    if (requeued > 0) log.info({ requeued }, 'webhook deliveries requeued');
  });
  await boss.work(queues.quoteExpiry.name, { pollingIntervalSeconds: 1 }, async () => {
    const expired = await sweepExpiredQuotes(db, clock.now());
    if (expired > 0) log.info({ expired }, 'quotes expired');
  });
  await boss.work(queues.webhookRetention.name, { pollingIntervalSeconds: 1 }, async () => {
    const deleted = await deleteOldAttempts(db);
    if (deleted > 0) log.info({ deleted }, 'webhook delivery attempts over 30 days old deleted');
  });
  const schedules = [
    [queues.autoRules, EVERY_MINUTE],
    [queues.pricingPass, EVERY_MINUTE],
    [queues.webhookSweep, EVERY_MINUTE],
    [queues.quoteExpiry, EVERY_MINUTE],
    [queues.webhookRetention, EVERY_NIGHT],
  ] as const;
  for (const [queue, cron] of schedules) {
    await boss.schedule(queue.name, cron);
    await boss.send(queue.name, {});
  }
}
