import type { PlatformEvent } from '@portal/contract';
import type { platformEvents } from '../../db/schema';

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
