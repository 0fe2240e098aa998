import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { batches, platformEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { jobWriter, queues, transactionDb } from '../../jobs/job-queue';
import type { SecretBox } from '../../lib/secret-box';
import { type PlatformEventRow, platformEventJson } from './platform-event-wire';
import type { AttemptOutcome, WebhookSender } from './send-webhook';

/*
 * Delivering events to webhook endpoints (docs/product/platform-api.md#delivery; docs/decisions/webhooks.md).
 * The one writer of webhook_deliveries and webhook_attempts. A delivery row is written with its event, in the
 * change's transaction, with a job on the queue: a crash never loses one. Workers on any process take the job;
 * a delivery is leased while it is sent, so two processes never send it at once, and only the oldest pending
 * delivery of an order key (one request's events) is sent, so they arrive in order.
 */

/** Attempts before a delivery is given up: the first and 10 retries, over about 33 hours. */
export const MAX_ATTEMPTS = 11;

/** How long a worker may hold a delivery: the 10 s timeout and room to record the outcome. */
const LEASE_SECONDS = 30;

/** One worker run stops taking the key's next delivery after this and leaves a job to go on. */
const RUN_BUDGET_MS = 20_000;

/** The endpoint has failed every attempt this long: it is disabled. */
const DISABLE_AFTER = '5 days';

/**
 * Seconds before the retry that follows the n-th failed attempt: 10 s × 3^(n−1), at most 12 h (10 s, 30 s,
 * 1.5 min, 4.5 min, 13.5 min, 40.5 min, 2 h, 6 h, then 12 h).
 */
export function retryDelaySeconds(failures: number): number {
  return Math.min(10 * 3 ** (failures - 1), 12 * 3600);
}

export type DeliveryJob = { endpointId: number; orderKey: string };

/** A request's events share a key (they must arrive in order); an event of no request has its own. */
function orderKeyOf(event: Pick<PlatformEventRow, 'id' | 'batchId'>): string {
  return event.batchId === null ? `event:${event.id}` : `batch:${event.batchId}`;
}

async function queueJobs(tx: Tx, jobs: readonly DeliveryJob[], startAfterSeconds = 0): Promise<void> {
  if (jobs.length === 0) return;
  await jobWriter.insert(
    jobs.map((data) => ({ name: queues.webhookDelivery.name, data, startAfter: String(startAfterSeconds) })),
    { db: transactionDb(tx) },
  );
}

/**
 * In the event's own transaction: a delivery, and its job, for every enabled endpoint that wants its type: the
 * platform clients' endpoints, and a funder's when the event is addressed to it (docs/product/auction.md#events)
 * or is of a request it funds (docs/product/funders.md#clients).
 */
export async function enqueueWebhookDeliveries(tx: Tx, event: PlatformEventRow): Promise<void> {
  const fundersOwn =
    event.funderId !== null
      ? sql`${webhookEndpoints.funderId} = ${event.funderId}`
      : event.batchId === null
        ? sql`false`
        : sql`${webhookEndpoints.funderId} = (select ${batches.funderId} from ${batches} where ${batches.id} = ${event.batchId})`;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, event.organizationId),
        isNull(webhookEndpoints.disabledAt),
        sql`(${webhookEndpoints.eventTypes} is null or ${event.type} = any(${webhookEndpoints.eventTypes}))`,
        sql`(${webhookEndpoints.funderId} is null or ${fundersOwn})`,
      ),
    );
  if (endpoints.length === 0) return;
  const orderKey = orderKeyOf(event);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventId: event.id,
      orderKey,
      state: 'pending' as const,
      nextAttemptAt: sql`now()`,
    })),
  );
  await queueJobs(
    tx,
    endpoints.map((endpoint) => ({ endpointId: endpoint.id, orderKey })),
  );
}

/**
 * Starts an event's delivery to an endpoint again, now, with a fresh set of retries: written if the event came
 * before the endpoint, reset if it was delivered or given up. Answers where it stands.
 */
export async function restartDelivery(
  db: Database,
  input: { endpointId: number; event: PlatformEventRow },
): Promise<{ state: 'pending'; nextAttemptAt: Date }> {
  return db.transaction(async (tx) => {
    const orderKey = orderKeyOf(input.event);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: input.endpointId,
        eventId: input.event.id,
        orderKey,
        state: 'pending',
        nextAttemptAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [webhookDeliveries.endpointId, webhookDeliveries.eventId],
        set: { state: 'pending', failures: 0, nextAttemptAt: sql`now()`, deliveredAt: null },
      })
      .returning({ nextAttemptAt: webhookDeliveries.nextAttemptAt });
    await queueJobs(tx, [{ endpointId: input.endpointId, orderKey }]);
    return { state: 'pending', nextAttemptAt: row!.nextAttemptAt };
  });
}

type Log = { warn(obj: object, msg: string): void };

export type DeliveryDeps = { db: Database; secrets: SecretBox; sender: WebhookSender; log: Log };

type Claimed = { id: number; eventId: number; failures: number; url: string; secretSealed: string };

/**
 * The worker's job: sends the key's due deliveries to the endpoint, oldest first, until one fails (its retry is
 * scheduled) or none is due. Answers the number of attempts made.
 */
export async function deliverDue(deps: DeliveryDeps, job: DeliveryJob): Promise<number> {
  const started = Date.now();
  let attempts = 0;
  for (;;) {
    if (Date.now() - started > RUN_BUDGET_MS) {
      await deps.db.transaction((tx) => queueJobs(tx, [job]));
      return attempts;
    }
    const claimed = await claimOldestDue(deps.db, job);
    if (!claimed) return attempts;
    const [event] = await deps.db.select().from(platformEvents).where(eq(platformEvents.id, claimed.eventId));
    if (!event) throw new Error(`event ${claimed.eventId} of a webhook delivery is missing`);
    const outcome = await deps.sender.send({
      url: claimed.url,
      secret: deps.secrets.open(claimed.secretSealed),
      id: String(event.id),
      body: platformEventJson(event),
    });
    attempts += 1;
    const goOn = await recordAttempt(deps, job, claimed, outcome);
    if (!goOn) return attempts;
  }
}

/**
 * Leases the oldest pending delivery of the key if it is due and nobody holds it; nothing when the oldest is
 * not due yet (its retry job will come), is held by another worker (who goes on with the key after it), or
 * the endpoint is disabled or gone. Row locks make two workers' claims of one row take turns.
 */
async function claimOldestDue(db: Database, job: DeliveryJob): Promise<Claimed | undefined> {
  const result = await db.execute<{
    id: string;
    event_id: string;
    failures: number;
    url: string;
    secret_sealed: string;
  }>(sql`
    update webhook_deliveries d
    set leased_until = now() + make_interval(secs => ${LEASE_SECONDS})
    from webhook_endpoints e
    where d.id = (
        select id from webhook_deliveries
        where endpoint_id = ${job.endpointId} and order_key = ${job.orderKey} and state = 'pending'
        order by event_id
        limit 1
      )
      and e.id = d.endpoint_id
      and e.disabled_at is null
      and d.state = 'pending'
      and d.next_attempt_at <= now()
      and (d.leased_until is null or d.leased_until < now())
    returning d.id, d.event_id, d.failures, e.url, e.secret_sealed`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    failures: row.failures,
    url: row.url,
    secretSealed: row.secret_sealed,
  };
}

/**
 * The attempt's outcome, in one transaction: the log line, the delivery's new state, its retry's job, the
 * endpoint's health. Answers whether the key's next delivery may be sent now.
 */
async function recordAttempt(
  deps: DeliveryDeps,
  job: DeliveryJob,
  claimed: Claimed,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const attemptedAt = new Date(Date.now() - outcome.durationMs);
  return deps.db.transaction(async (tx) => {
    // Through the delivery row: an endpoint deleted meanwhile took its deliveries along, and there is nothing to log.
    const logged = await tx.execute(sql`
      insert into webhook_attempts (delivery_id, endpoint_id, attempted_at, duration_ms, status_code, error)
      select id, endpoint_id, ${attemptedAt}, ${outcome.durationMs}, ${outcome.statusCode}, ${outcome.error}
      from webhook_deliveries where id = ${claimed.id}
      returning id`);
    if (logged.rows.length === 0) return false;
    if (outcome.delivered) {
      await tx
        .update(webhookDeliveries)
        .set({ state: 'delivered', deliveredAt: sql`now()`, leasedUntil: null })
        .where(eq(webhookDeliveries.id, claimed.id));
      await markHealthy(tx, job);
      return true;
    }
    const failures = claimed.failures + 1;
    const givenUp = failures >= MAX_ATTEMPTS;
    const delay = retryDelaySeconds(failures);
    await tx
      .update(webhookDeliveries)
      .set({
        failures,
        leasedUntil: null,
        ...(givenUp
          ? { state: 'failed' as const }
          : { nextAttemptAt: sql`now() + make_interval(secs => ${delay})` }),
      })
      .where(eq(webhookDeliveries.id, claimed.id));
    if (!givenUp) await queueJobs(tx, [job], delay);
    await markFailing(tx, deps.log, job.endpointId);
    // Given up, it no longer holds the key's later events back.
    return givenUp;
  });
}

/**
 * A 2xx ends the endpoint's failing spell; if there was one, the retries waiting for it are brought forward to
 * now, so a receiver that comes back gets its backlog at once rather than at each delivery's next retry.
 */
async function markHealthy(tx: Tx, job: DeliveryJob): Promise<void> {
  const recovered = await tx
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, job.endpointId), sql`${webhookEndpoints.failingSince} is not null`))
    .returning({ id: webhookEndpoints.id });
  if (recovered.length === 0) return;
  const waiting = await tx.execute<{ order_key: string }>(sql`
    update webhook_deliveries set next_attempt_at = now()
    where endpoint_id = ${job.endpointId} and state = 'pending' and next_attempt_at > now()
      and order_key <> ${job.orderKey}
    returning order_key`);
  const keys = [...new Set(waiting.rows.map((row) => row.order_key))];
  await queueJobs(
    tx,
    keys.map((orderKey) => ({ endpointId: job.endpointId, orderKey })),
  );
}

/** A failure starts or extends the failing spell; 5 days of it disable the endpoint and give up its deliveries. */
async function markFailing(tx: Tx, log: Log, endpointId: number): Promise<void> {
  const result = await tx.execute<{ disabled: boolean; failing_since: Date; organization_id: number }>(sql`
    update webhook_endpoints
    set failing_since = coalesce(failing_since, now()),
      disabled_at = case when failing_since <= now() - ${DISABLE_AFTER}::interval then now() end
    where id = ${endpointId} and disabled_at is null
    returning disabled_at is not null as disabled, failing_since, organization_id`);
  const row = result.rows[0];
  if (!row?.disabled) return;
  await tx
    .update(webhookDeliveries)
    .set({ state: 'failed', leasedUntil: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')));
  log.warn(
    {
      event: 'webhook.endpoint.disabled',
      endpointId,
      organizationId: row.organization_id,
      failingSince: new Date(row.failing_since).toISOString(),
    },
    'webhook endpoint disabled: every delivery failed for 5 days',
  );
}

/** How long the delivery log keeps an attempt (docs/product/platform-api.md#delivery-log). */
export const ATTEMPTS_KEPT_DAYS = 30;
const RETENTION_CHUNK = 10_000;

/**
 * The delivery log's retention, daily: deletes the attempts made over 30 days ago (by the database's clock, as
 * they were stamped), a chunk at a time so no statement holds many rows' locks for long. Answers the number
 * deleted.
 */
export async function deleteOldAttempts(db: Database): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from webhook_attempts where id in (
        select id from webhook_attempts
        where attempted_at < now() - make_interval(days => ${ATTEMPTS_KEPT_DAYS})
        limit ${RETENTION_CHUNK}
      )`);
    const count = result.rowCount ?? 0;
    deleted += count;
    if (count < RETENTION_CHUNK) return deleted;
  }
}

/**
 * The safety net, every minute: a delivery due for over a minute that no worker holds gets a job again (its
 * worker died with the lease, or its job was spent). Answers the number of jobs queued.
 */
export async function requeueStalledDeliveries(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const stalled = await tx.execute<{ endpoint_id: number; order_key: string }>(sql`
      select distinct d.endpoint_id, d.order_key
      from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
      where d.state = 'pending'
        and d.next_attempt_at <= now() - interval '1 minute'
        and (d.leased_until is null or d.leased_until < now())
      limit 1000`);
    await queueJobs(
      tx,
      stalled.rows.map((row) => ({ endpointId: row.endpoint_id, orderKey: row.order_key })),
    );
    return stalled.rows.length;
  });
}
