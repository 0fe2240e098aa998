import { buildPath, requestBatchCall } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../src/db/client';
import { batchCredits, batches, credits } from '../src/db/schema';

/** `POST batches/request` as the web app sends it, with an optional Idempotency-Key. */
export function postBatch(
  app: FastifyInstance,
  headers: Record<string, string>,
  ids: number[],
  idempotencyKey?: string,
) {
  return app.inject({
    method: 'POST',
    url: buildPath(requestBatchCall),
    headers: { ...headers, ...(idempotencyKey && { 'idempotency-key': idempotencyKey }) },
    payload: ids,
  });
}

export async function batchesOf(db: Executor, programProviderId: number) {
  return db
    .select()
    .from(batches)
    .where(eq(batches.programProviderId, programProviderId))
    .orderBy(batches.id);
}

/** The credit ids of a batch's live rows, ascending. */
export async function liveCreditIds(db: Executor, batchId: number): Promise<number[]> {
  const rows = await db
    .select({ id: batchCredits.creditId })
    .from(batchCredits)
    .where(sql`${batchCredits.batchId} = ${batchId} and ${batchCredits.live}`)
    .orderBy(batchCredits.creditId);
  return rows.map((r) => r.id);
}

export async function statusesOf(db: Executor, ids: number[]): Promise<string[]> {
  const rows = await db
    .select({ id: credits.id, status: credits.status })
    .from(credits)
    .where(sql`${credits.id} = any(${sql.param(ids)}::int[])`)
    .orderBy(credits.id);
  return rows.map((r) => r.status);
}
