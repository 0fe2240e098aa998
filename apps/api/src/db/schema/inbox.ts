import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { batches } from './batches';
import { companies } from './companies';
import { organizationId } from './organizations';
import { users } from './users';

/** The events a supplier's users hear about (docs/product/requests.md#notifications). */
export const inboxEventTypes = [
  'BATCH_REQUESTED',
  'BATCH_PAID',
  'BATCH_REJECTED',
  'BATCH_CANCELLED',
  'AUTO_RULE_RAN',
  'AUTO_RULE_FAILED',
  'CREDITS_ARRIVED',
  'CREDITS_WITHDRAWN',
] as const;
export type InboxEventType = (typeof inboxEventTypes)[number];

/**
 * One item of a user's notification centre. The words are not stored: title and message are written in the
 * reader's language when read, from the type and its `params`.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The company the event is about: a user who leaves it no longer sees its items. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type', { enum: inboxEventTypes }).notNull(),
    batchId: integer('batch_id').references(() => batches.id),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * When its e-mail was handed to the mail server: a retry of the job after a crash that came between the
     * send and the job's completion skips it instead of sending it twice.
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('inbox_items_user').on(t.userId, t.id)],
);

/** A user's choice per event type; no row is the default, e-mail on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: inboxEventTypes }).notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
