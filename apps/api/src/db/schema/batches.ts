import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { credits } from './credits';
import { funders, offers } from './funders';
import { organizationId } from './organizations';
import { programProviders } from './programs';
import { users } from './users';

/** A request's statuses (docs/product/requests.md#a-requests-life). */
export const batchStatuses = ['REQUESTED', 'PAID', 'REJECTED', 'CANCELLED'] as const;
export type BatchStatus = (typeof batchStatuses)[number];

/** An early-payment request with the figures of its estimate frozen at request time. */
export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    /**
     * The import file's key of a past request (docs/import-format.md, `batches`), unique per organization;
     * null for a request made on the portal.
     */
    ref: text('ref'),
    programProviderId: integer('program_provider_id')
      .notNull()
      .references(() => programProviders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /**
     * Who funds it, at which standing offer (docs/product/funders.md): both null for the house offer (the
     * program's own rate), as every request before funders existed.
     */
    funderId: integer('funder_id').references(() => funders.id),
    offerId: integer('offer_id').references(() => offers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: batchStatuses }).notNull(),
    /** Made by an automatic rule (issue [4 of 6]) rather than by a person on the portal. */
    automatic: boolean('automatic').notNull().default(false),
    /** The platform's words when it rejects a request, shown to the supplier. */
    rejectionReason: text('rejection_reason'),
    /**
     * The platform's reference of the payment of a PAID request (a Pix end-to-end id, a TED number), shown to the
     * supplier (docs/product/platform-api.md#settlement).
     */
    paymentReference: text('payment_reference'),
    /**
     * The company's bank account the request was made with, frozen like its figures: the account to pay, whatever
     * the company's account becomes (docs/product/requests.md#bank-account). All three or none: none only for a
     * past request imported for a company that had no account then, or one made before migration 0017 whose
     * company had none by then.
     */
    bankCode: text('bank_code'),
    bankBranch: text('bank_branch'),
    bankAccount: text('bank_account'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request body, to tell a replay from a different request under the same key. */
    requestHash: text('request_hash').notNull(),
    originalValueCents: bigint('original_value_cents', { mode: 'bigint' }).notNull(),
    netValueCents: bigint('net_value_cents', { mode: 'bigint' }).notNull(),
    paymentDate: date('payment_date').notNull(),
    daysToPay: integer('days_to_pay').notNull(),
    /** The whole estimate the supplier saw, as sent on the wire. */
    estimate: jsonb('estimate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('batches_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('batches_org_ref').on(t.organizationId, t.ref).where(sql`${t.ref} is not null`),
    index('batches_pp_created').on(t.programProviderId, t.createdAt),
    // A funder's requests: its client's lists, and the day's use of its capacity.
    index('batches_funder_created').on(t.funderId, t.createdAt).where(sql`${t.funderId} is not null`),
    check(
      'batches_bank_account_whole',
      sql`(${t.bankCode} is null) = (${t.bankBranch} is null) and (${t.bankCode} is null) = (${t.bankAccount} is null)`,
    ),
  ],
);

export const batchCredits = pgTable(
  'batch_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    creditId: integer('credit_id')
      .notNull()
      .references(() => credits.id),
    /** False once the batch is rejected or cancelled and the credit released. */
    live: boolean('live').notNull().default(true),
    originalValueCents: bigint('original_value_cents', { mode: 'bigint' }).notNull(),
    anticipationCents: bigint('anticipation_cents', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    // The last line of defence: no credit can ever be in two live batches.
    uniqueIndex('batch_credits_one_live').on(t.creditId).where(sql`${t.live}`),
    index('batch_credits_batch').on(t.batchId),
  ],
);

/** Who requested what, when and from where: kept even if the batch later moves on. */
export const batchAudit = pgTable('batch_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  batchId: integer('batch_id')
    .notNull()
    .references(() => batches.id),
  userId: integer('user_id').references(() => users.id),
  action: text('action').notNull(),
  ip: text('ip'),
  creditIds: jsonb('credit_ids').$type<number[]>().notNull(),
  figures: jsonb('figures').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/**
 * Every change of a request's status, kept forever: `by` is the user who made it (the supplier's request or
 * cancel), or null for the platform (the operator's paid or rejected) and for an automatic rule.
 */
export const batchEvents = pgTable(
  'batch_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    status: text('status', { enum: batchStatuses }).notNull(),
    byUserId: integer('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('batch_events_batch').on(t.batchId, t.id)],
);
