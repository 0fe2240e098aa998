import { platformEventTypes } from '@portal/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { batches } from './batches';
import { funders } from './funders';
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
    /**
     * The one funder the event is addressed to (a quote's events: docs/product/auction.md), beside the
     * platform's clients; null for an event seen by the funder of its request, if any.
     */
    funderId: integer('funder_id').references(() => funders.id),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('platform_events_organization').on(t.organizationId, t.id)],
);
