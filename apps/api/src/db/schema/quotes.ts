import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { batches } from './batches';
import { companies } from './companies';
import { funders } from './funders';
import { organizationId } from './organizations';
import { programProviders } from './programs';
import { users } from './users';

/*
 * The funders' auction of a large request (docs/product/auction.md). Written by modules/quotes only.
 */

export const quoteStatuses = ['OPEN', 'ACCEPTED', 'EXPIRED'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/**
 * A supplier's call for bids on a set of its credits, open until `closes_at`. The credits stay available
 * meanwhile: the request made when a bid is accepted claims them as any request does. One OPEN quote per
 * participation.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    programProviderId: integer('program_provider_id')
      .notNull()
      .references(() => programProviders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Who asked. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: quoteStatuses }).notNull(),
    /** The credits asked about, in the order asked. */
    creditIds: integer('credit_ids').array().notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The bid taken and the request made at it, once ACCEPTED. */
    acceptedBidId: integer('accepted_bid_id'),
    batchId: integer('batch_id').references(() => batches.id),
  },
  (t) => [
    uniqueIndex('quotes_one_open').on(t.programProviderId).where(sql`${t.status} = 'OPEN'`),
    index('quotes_open_closes').on(t.closesAt).where(sql`${t.status} = 'OPEN'`),
  ],
);

/** The funders a quote was sent to (those its program admitted when it was asked): only they may see and bid on it. */
export const quoteFunders = pgTable(
  'quote_funders',
  {
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.funderId] })],
);

/**
 * A funder's bid: one monthly rate for the whole set, priced (total, effective monthly cost) when it was made
 * with the program's mode and fees. A new bid of the funder replaces its previous one (`replaced_at`).
 */
export const quoteBids = pgTable(
  'quote_bids',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    monthlyRate: numeric('monthly_rate', { precision: 12, scale: 8 }).notNull(),
    totalCents: bigint('total_cents', { mode: 'bigint' }).notNull(),
    effectiveMonthlyCost: doublePrecision('effective_monthly_cost'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('quote_bids_current').on(t.quoteId, t.funderId).where(sql`${t.replacedAt} is null`)],
);
