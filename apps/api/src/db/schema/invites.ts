import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { organizationId } from './organizations';
import { users } from './users';

export const invites = pgTable('invites', {
  id: serial('id').primaryKey(),
  organizationId: organizationId(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  email: text('email').notNull(),
  /** SHA-256 of the token; the token itself only travels in the invitation link. */
  tokenHash: text('token_hash').notNull().unique(),
  status: text('status', { enum: ['OPEN', 'CLOSED', 'CONFIRMED', 'WAITING_CONFIRMATION'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  userId: integer('user_id').references(() => users.id),
});
