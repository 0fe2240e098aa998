import { platformEventTypes } from '@portal/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { batches } from './batches';
import { organizationId } from './organizations';

/**
 * What the platform is told of (docs/product/platform-api.md#events), written in the transaction of the change
 * it reports, so an event exists exactly when its change does. The id orders an organization's events and is
 * the cursor integrators read them by.
 */
export const platformEvents = pgTable(
  'platform_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationId(),
    type: text('type', { enum: platformEventTypes }).notNull(),
    /** The request the event is about, if any: the deliveries of one request's events go in order. */
    batchId: integer('batch_id').references(() => batches.id),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('platform_events_organization').on(t.organizationId, t.id)],
);
