import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { buyers, organizationId } from './organizations';

/** An early-payment program of a buyer. Rates are exact decimals (numeric), never floats. */
export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    ref: text('ref').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    name: text('name').notNull(),
    color: text('color').notNull(),
    /** Monthly discount rate as a decimal fraction: 0.015 = 1.5 % a month. */
    monthlyRate: numeric('monthly_rate', { precision: 12, scale: 8 }).notNull(),
    discountMode: text('discount_mode', { enum: ['simple', 'compound'] })
      .notNull()
      .default('simple'),
    /** Platform fee per transaction, a fraction of face value. */
    platformFee: numeric('platform_fee', { precision: 12, scale: 8 }).notNull(),
    bankFeeCents: bigint('bank_fee_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    daysToPay: integer('days_to_pay').notNull(),
    anticipationMaxTime: text('anticipation_max_time').notNull().default('18:00'),
    /**
     * A credit is offered only when at least this many calendar days separate the payment date of a request
     * made now from its due date (moved to the next business day): modules/pricing/eligibility.ts.
     */
    minDaysToMaturity: integer('min_days_to_maturity').notNull().default(1),
    requireServiceInvoice: boolean('require_service_invoice').notNull().default(false),
    /** Requesting or cancelling early payment (and saving an automatic rule) needs the transaction PIN. */
    requirePin: boolean('require_pin').notNull().default(false),
    sessionTermHtml: text('session_term_html').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /**
     * The program's own rate is an offer among the funders' (the house offer, funded by the buyer's side as
     * before funders existed); false drops it, so only admitted funders' offers price its credits.
     */
    houseOffer: boolean('house_offer').notNull().default(true),
    /** The least Σ original value a supplier may ask the funders to bid on (docs/product/auction.md). */
    quoteMinimumCents: bigint('quote_minimum_cents', { mode: 'bigint' }).notNull().default(sql`5000000`),
    /** How long the funders may bid on a quote, in minutes. */
    quoteWindowMinutes: integer('quote_window_minutes').notNull().default(10),
  },
  (t) => [uniqueIndex('programs_org_ref').on(t.organizationId, t.ref)],
);

/** IOF rates with a valid-from date, so that a change in the law is data, not code. */
export const programIofRates = pgTable(
  'program_iof_rates',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    validFrom: date('valid_from').notNull(),
    daily: numeric('daily', { precision: 12, scale: 10 }).notNull(),
    fixed: numeric('fixed', { precision: 12, scale: 10 }).notNull(),
  },
  (t) => [uniqueIndex('program_iof_rates_program_from').on(t.programId, t.validFrom)],
);

/**
 * A company's participation in a program: the `providerId` / `programProviderId` of the calls
 * (docs/product/README.md#glossary).
 */
export const programProviders = pgTable(
  'program_providers',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    ref: text('ref').notNull(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    status: text('status', { enum: ['ACTIVATED', 'INACTIVATED', 'REMOVED'] }).notNull(),
    providerCanNotAnticipateHtml: text('provider_can_not_anticipate_html'),
    /** The supplier may cancel its own requests here (import key `canCancel`; false: error.provider.cannotCancel). */
    canCancel: boolean('can_cancel').notNull().default(true),
    /**
     * Hash of the payment date and rates the AVAILABLE credits' stored prices were computed with; another
     * value means they must be repriced (modules/credits/credit-pricing.ts).
     */
    pricingFingerprint: text('pricing_fingerprint'),
    /**
     * How many of its credits are AVAILABLE: the credit list's totalElements, read with the participation
     * instead of counted per request. Kept by statement triggers on credits (migration 0002), so every writer
     * (imports, batches, releases) keeps it right.
     */
    availableCredits: integer('available_credits').notNull().default(0),
    /**
     * The original values of those AVAILABLE credits, in centavos: the program's `value` in the programs
     * list (dashboard, program selection), kept by the same triggers (migration 0003) instead of summing
     * 100,000 rows per request.
     */
    availableValueCents: bigint('available_value_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * How many of those AVAILABLE credits have no stored price (imported, or back in the list since the last
     * pass): with `pricingFingerprint`, what tells a page that the stored prices are stale without looking
     * at the credits (modules/credits/credit-repricing.ts). Kept by the same triggers (migration 0015).
     */
    unpricedCredits: integer('unpriced_credits').notNull().default(0),
  },
  (t) => [
    uniqueIndex('program_providers_org_ref').on(t.organizationId, t.ref),
    uniqueIndex('program_providers_program_company').on(t.programId, t.companyId),
  ],
);
