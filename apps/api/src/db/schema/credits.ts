import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { programProviders } from './programs';
import { users } from './users';

/** An invoice instalment owed by the buyer to a company within a program. Money in centavos. */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    ref: text('ref').notNull(),
    programProviderId: integer('program_provider_id')
      .notNull()
      .references(() => programProviders.id),
    nfNumber: text('nf_number').notNull(),
    nfSerial: text('nf_serial').notNull(),
    installmentNumber: integer('installment_number').notNull(),
    orderDetail: text('order_detail'),
    /** Copied from the program's buyer so the list can sort by buyer name on an index. */
    buyerName: text('buyer_name').notNull(),
    issueDate: date('issue_date').notNull(),
    expireDate: date('expire_date').notNull(),
    originalValueCents: bigint('original_value_cents', { mode: 'bigint' }).notNull(),
    kind: text('kind', { enum: ['GOODS', 'SERVICE'] }).notNull(),
    status: text('status', { enum: ['AVAILABLE', 'REQUESTED', 'PAID', 'UNAVAILABLE'] }).notNull(),
    invoiceUploaded: boolean('invoice_uploaded').notNull().default(false),
    /**
     * The price of the credit for the payment date `pricedFor`, kept so the database can sort and page by
     * it without pricing every row per request. Refreshed when the payment date or the program's rates move.
     */
    pricedFor: date('priced_for'),
    discountedCents: bigint('discounted_cents', { mode: 'bigint' }),
    anticipationCents: bigint('anticipation_cents', { mode: 'bigint' }),
  },
  (t) => {
    const available = sql`${t.status} = 'AVAILABLE'`;
    // One partial index per sort key of the credit list, ending in id for the tie-break: a page in any
    // order is an index walk over the program provider's AVAILABLE credits only (docs/performance-credits.md).
    // The due date after id orders nothing; it lets the walk leave out the credits too close to their due
    // date to be advanced (eligibility) from the index alone, without visiting the table.
    const sortIndex = (name: string, column: AnyPgColumn) =>
      index(`credits_available_${name}`).on(t.programProviderId, column, t.id, t.expireDate).where(available);
    return [
      uniqueIndex('credits_org_ref').on(t.organizationId, t.ref),
      index('credits_pp_status').on(t.programProviderId, t.status, t.id),
      sortIndex('nf_number', t.nfNumber),
      sortIndex('nf_serial', t.nfSerial),
      sortIndex('buyer_name', t.buyerName),
      sortIndex('installment', t.installmentNumber),
      // The value after id orders nothing: it makes the sum of the credits too close to their due date (the
      // programs list's value, pricing/eligible-value.ts) an index-only walk of those few entries.
      index('credits_available_expire_date')
        .on(t.programProviderId, t.expireDate, t.id, t.originalValueCents)
        .where(available),
      sortIndex('value', t.originalValueCents),
      sortIndex('anticipation', t.anticipationCents),
      // What a pass that is not a full one reprices: the few credits imported or released since the last.
      index('credits_available_unpriced')
        .on(t.programProviderId, t.id)
        .where(sql`${t.status} = 'AVAILABLE' and ${t.pricedFor} is null`),
    ];
  },
);

/** Uploaded invoice documents, stored under a generated name with their SHA-256. */
export const creditInvoices = pgTable(
  'credit_invoices',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => credits.id),
    fileName: text('file_name').notNull(),
    storedName: text('stored_name').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The access key of an electronic invoice checked against the credit (NF-e 44, NFS-e 50 characters); else null. */
    accessKey: text('access_key'),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // The credit list and a request's detail look up each credit's latest access key.
  (t) => [index('credit_invoices_credit').on(t.creditId, t.id)],
);
