import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';

/** A supplier company. Identification is digits only (CPF or CNPJ, check digits validated on input). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['INDIVIDUAL', 'CORPORATION'] }).notNull(),
    identification: text('identification').notNull(),
    canAnticipate: boolean('can_anticipate').notNull().default(false),
    // A company without a bank account cannot be paid, so it cannot request early payment.
    bankCode: text('bank_code'),
    bankBranch: text('bank_branch'),
    bankAccount: text('bank_account'),
  },
  (t) => [uniqueIndex('companies_org_ref').on(t.organizationId, t.ref)],
);
