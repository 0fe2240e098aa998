import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { programs } from './programs';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    ref: text('ref').notNull(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    type: text('type', { enum: ['INFO', 'WARNING', 'ERROR'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
    activeUntil: timestamp('active_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('notifications_org_ref').on(t.organizationId, t.ref)],
);
