import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The platform tenant and brand. Everything else hangs off one organization. */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  locale: text('locale').notNull().default('pt-BR'),
  supportPhone: text('support_phone').notNull(),
  /** HH:mm at which early-payment requests open each day; they close at each program's max time. */
  calendarOpen: text('calendar_open').notNull().default('08:00'),
  businessDaysOnly: boolean('business_days_only').notNull().default(true),
  termsVersion: text('terms_version').notNull(),
  termsSummaryHtml: text('terms_summary_html').notNull(),
  termsFullUrl: text('terms_full_url').notNull(),
  chatEnabled: boolean('chat_enabled').notNull().default(false),
  chatScriptUrl: text('chat_script_url'),
  chatSettings: jsonb('chat_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Every user must enrol a second factor before any other page or call. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id);

/** The large company that owes the invoices ("sacado"). */
export const buyers = pgTable(
  'buyers',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['INDIVIDUAL', 'CORPORATION'] }).notNull(),
    identification: text('identification').notNull(),
  },
  (t) => [uniqueIndex('buyers_org_ref').on(t.organizationId, t.ref)],
);
