import { buildPath, createWebhookEndpointCall, listWebhookDeliveriesCall } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { postBatch } from '../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../test/estimates-factories';
import { machineToken } from '../../test/machine-clients';
import { until } from '../../test/server-process';
import { startReceiver } from '../../test/webhooks';
import type { DeliveryJob } from '../modules/webhooks/webhook-deliveries';
import { createJobQueue, jobWriter, queues, transactionDb } from './job-queue';
import { JOBS_PER_FETCH, runDeliveryJobs } from './webhook-delivery';

/*
 * The webhook worker on the real job queue (jobs/webhook-delivery.ts): the jobs of a fetch run side by side, each
 * on its own, as the e-mail worker's do (jobs/mail-worker.ts).
 */

const t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();

describe('the webhook worker', () => {
  it('fails a failed job alone, and its stop waits for the deliveries of the fetch still in flight', async () => {
    const supplier = await createSupplier(t.app, t.db, { organization: { slug: 'worker' } });
    const platform = await machineToken(t, supplier.org.id, ['webhooks:write']);
    const registered = await t.app.inject({
      method: 'POST',
      url: buildPath(createWebhookEndpointCall),
      payload: { url: receiver.url },
      headers: platform,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const endpoint = registered.json() as { id: number };
    await t.db.execute(sql`delete from pgboss.job where name = ${queues.webhookDelivery.name}`);
    // A job whose run fails (the database refuses its data: drizzle's "Failed query"), queued first, then four requests' deliveries:
    // one fetch of five.
    await t.db.transaction((tx) =>
      jobWriter.insert(
        [{ name: queues.webhookDelivery.name, data: { endpointId: 'not a number', orderKey: 'broken' } }],
        { db: transactionDb(tx) },
      ),
    );
    for (let i = 0; i < JOBS_PER_FETCH - 1; i += 1) {
      const res = await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
      expect(res.statusCode, res.body).toBe(200);
    }
    receiver.delayMs = 1_500;
    const { boss, close } = createJobQueue(t.db.$client);
    await boss.start();
    await boss.work<DeliveryJob>(queues.webhookDelivery.name, { batchSize: JOBS_PER_FETCH }, (jobs) =>
      runDeliveryJobs(
        boss,
        { db: t.db, secrets: t.app.deps.secrets, sender: t.app.deps.webhooks.sender, log: t.app.log },
        jobs,
      ),
    );
    const jobStates = async () =>
      (
        await t.db.execute<{ orderKey: string; state: string; message: string | null }>(sql`
          select data->>'orderKey' as "orderKey", state, output->>'message' as message
          from pgboss.job where name = ${queues.webhookDelivery.name} order by data->>'orderKey'`)
      ).rows;
    // The broken job has failed, and the four deliveries are at the receiver, which takes 1.5 s to answer.
    await until('the broken job failed, the others in flight', async () =>
      receiver.received.length === JOBS_PER_FETCH - 1 &&
      (await jobStates()).some((job) => job.orderKey === 'broken' && job.state === 'retry')
        ? true
        : undefined,
    );
    await close();
    // The stop waited for them: each delivery's answer is in the log, and only the broken job is to be retried.
    const log = await t.app.inject({
      url: buildPath(listWebhookDeliveriesCall, { id: endpoint.id }),
      headers: platform,
    });
    expect(log.json().content.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([
      200, 200, 200, 200,
    ]);
    const states = await jobStates();
    expect(states.filter((job) => job.orderKey !== 'broken').map((job) => job.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(states.find((job) => job.orderKey === 'broken')).toEqual({
      orderKey: 'broken',
      state: 'retry',
      message: expect.stringMatching(/^Failed query: /),
    });
  });
});
