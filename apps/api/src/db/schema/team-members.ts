import { boolean, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { persons } from './users';

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
