import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { batches } from './batches';
import { companies } from './companies';
import { organizationId } from './organizations';
import { programProviders } from './programs';
import { users } from './users';

/**
 * An automatic early-payment rule of one participation (docs/product/automation.md#rules). Filters are null
 * when they do not filter. A deleted rule keeps its row (its runs and requests refer to it) with `deletedAt`.
 */
export const autoRules = pgTable(
  'auto_rules',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    programProviderId: integer('program_provider_id')
      .notNull()
      .references(() => programProviders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Who last saved it: its requests are made in their name (the batch's user), the event's `by` is null. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** HH:mm in the organization's zone. */
    time: text('time').notNull(),
    /** The credit's effective monthly cost, in percent (2.5 = 2.5 % a month). */
    maxMonthlyCost: numeric('max_monthly_cost', { precision: 9, scale: 4 }),
    minDays: integer('min_days'),
    maxDays: integer('max_days'),
    minCreditValueCents: bigint('min_credit_value_cents', { mode: 'bigint' }),
    maxTotalPerDayCents: bigint('max_total_per_day_cents', { mode: 'bigint' }),
    active: boolean('active').notNull(),
    /**
     * The instant from which the rule's days count: created, resumed or moved to another time. A business day
     * whose run time came before it is not the rule's (no run, no MISSED).
     */
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('auto_rules_pp').on(t.programProviderId, t.id).where(sql`${t.deletedAt} is null`),
    index('auto_rules_active').on(t.id).where(sql`${t.active} and ${t.deletedAt} is null`),
  ],
);

export const autoRuleRunStatuses = ['TAKEN', 'NOTHING', 'FAILED', 'MISSED'] as const;
export type AutoRuleRunStatusValue = (typeof autoRuleRunStatuses)[number];

/**
 * One business day of a rule. The unique (rule, date) is the run's idempotency key: the row is written in the
 * same transaction as the request it makes, so however many processes try, and whatever crash comes between,
 * a day has one run and at most one request.
 */
export const autoRuleRuns = pgTable(
  'auto_rule_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => autoRules.id),
    /** The business day, in the organization's zone. */
    date: date('date').notNull(),
    status: text('status', { enum: autoRuleRunStatuses }).notNull(),
    batchId: integer('batch_id').references(() => batches.id),
    /** The error code of a FAILED, NOTHING or MISSED run. */
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('auto_rule_runs_rule_date').on(t.ruleId, t.date)],
);
