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
    data: row.data as PlatformEvent['data'],
  };
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
