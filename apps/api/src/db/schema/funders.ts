import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { organizationId } from './organizations';
import { programs } from './programs';

/*
 * Funders and their standing offers (docs/product/funders.md). Funders and admissions are
 * written by the import only (modules/imports/funders.ts, programs.ts); offers by modules/offers only.
 */

/** A bank, FIDC or other institution that pays suppliers early and collects from the buyer at maturity. */
export const funders = pgTable(
  'funders',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    /** Its CNPJ, as stored for companies: 14 characters, digits or letters, no punctuation. */
    identification: text('identification').notNull(),
  },
  (t) => [uniqueIndex('funders_org_ref').on(t.organizationId, t.ref)],
);

/** The funders a program admits: only they may post offers in it. */
export const programFunders = pgTable(
  'program_funders',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
  },
  (t) => [primaryKey({ columns: [t.programId, t.funderId] }), index('program_funders_funder').on(t.funderId)],
);

/**
 * A funder's standing offer in a program: monthly rates by term (offer_bands) and what it funds in a business
 * day. One current offer per funder and program (`ended_at` null); putting a new one ends the previous at once,
 * so a request names exactly the offer it was priced with.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    dailyCapacityCents: bigint('daily_capacity_cents', { mode: 'bigint' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it was replaced or withdrawn; null while it is the funder's current offer in the program. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('offers_current').on(t.funderId, t.programId).where(sql`${t.endedAt} is null`),
    index('offers_program').on(t.programId),
    check('offers_capacity_positive', sql`${t.dailyCapacityCents} > 0`),
  ],
);

/** An offer's rate for the credits up to `upToDays` (and past the previous band's); past the last, it funds none. */
export const offerBands = pgTable(
  'offer_bands',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    upToDays: integer('up_to_days').notNull(),
    /** Monthly discount rate as a decimal fraction, as programs.monthly_rate. */
    monthlyRate: numeric('monthly_rate', { precision: 12, scale: 8 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.upToDays] })],
);
