import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { persons } from './users';

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

/** person ↔ company. A user acts only for companies where they are an active member. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('team_members_person_company').on(t.personId, t.companyId)],
);
