import { bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { users } from './users';

/** What a security notice tells (docs/product/account-security.md#security-notices). */
export const securityNoticeKinds = [
  'PASSWORD_CHANGED',
  'TWO_FACTOR_DISABLED',
  'RECOVERY_CODE_USED',
  'PIN_SET',
  'PIN_CHANGED',
] as const;
export type SecurityNoticeKind = (typeof securityNoticeKinds)[number];

/**
 * A change to how a user's account is protected, told to them by e-mail whatever their preferences. Written
 * with the change, in its transaction, beside the e-mail's job (the outbox); the row is what the job reads.
 */
export const securityNotices = pgTable('security_notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organizationId: organizationId(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: securityNoticeKinds }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** When its e-mail was handed to the mail server: a retried job skips it (as inbox_items.mailed_at). */
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
});
