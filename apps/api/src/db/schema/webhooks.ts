import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { funders } from './funders';
import { machineClients } from './machine-clients';
import { organizationId } from './organizations';
import { platformEvents } from './platform-events';

/*
 * Webhooks (docs/product/platform-api.md#webhooks; docs/decisions/webhooks.md). Every row is written by
 * modules/webhooks only.
 */

/** Where an organization's events are pushed. The signing secret is sealed (lib/secret-box.ts), never hashed: signing needs it. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  organizationId: organizationId(),
  /** The machine client that registered it. */
  machineClientId: integer('machine_client_id')
    .notNull()
    .references(() => machineClients.id),
  /** The registering client's funder: such an endpoint receives that funder's events only. */
  funderId: integer('funder_id').references(() => funders.id),
  url: text('url').notNull(),
  /** The event types it receives; null for all of them. */
  eventTypes: text('event_types').array(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Since when every attempt has failed (null after a 2xx): 5 days of it disable the endpoint. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * One event to one endpoint: its state, its retry schedule, and the lease of the worker sending it. The
 * events of one request share an `order_key` (`batch:<id>`; other events `event:<id>`): only the oldest pending
 * delivery of a key is ever sent, so they arrive in order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => platformEvents.id),
    orderKey: text('order_key').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    /** Failed attempts since the delivery was (re)started. */
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker is sending it until then; past it (the worker died), another may. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event').on(t.endpointId, t.eventId),
    index('webhook_deliveries_pending')
      .on(t.endpointId, t.orderKey, t.eventId)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** Every HTTP attempt, for the delivery log an integrator reads. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_endpoint').on(t.endpointId, t.id)],
);
