import { type PlatformEvent, platformEventSchema } from '@portal/contract';
import type { platformEvents } from '../../db/schema';
import { answerStringify } from '../../http/answer-serializer';

export type PlatformEventRow = typeof platformEvents.$inferSelect;

/** An event as the feed lists it and a webhook carries it. */
export function toPlatformEvent(row: PlatformEventRow): PlatformEvent {
  return {
    id: String(row.id),
    type: row.type,
    timestamp: row.createdAt.toISOString(),
    data: dataOf(row.data as PlatformEvent['data']),
  };
}

/**
 * A request's event written before events named the funder has no `funder`: those requests were all the
 * house's (funders came later), so it says null, and every event has the same shape.
 */
function dataOf(data: PlatformEvent['data']): PlatformEvent['data'] {
  if (!('batch' in data)) return data;
  return { batch: { ...data.batch, funder: data.batch.funder ?? null } };
}

/**
 * The event's JSON, a webhook's body: written by the serialiser the feed's answers are written by (the contract's
 * schema, its keys in its order), so the bytes are the feed's. The stored data is jsonb, which keeps its keys in
 * an order of its own.
 */
export function platformEventJson(row: PlatformEventRow): string {
  const stringify = answerStringify(platformEventSchema);
  if (!stringify) throw new Error('the platform event schema has no JSON Schema serialiser');
  return stringify(toPlatformEvent(row));
}
