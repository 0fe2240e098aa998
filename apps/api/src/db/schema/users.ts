import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { organizationId } from './organizations';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    /** The email, lower-cased: the login. */
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    activated: boolean('activated').notNull().default(false),
    authorities: text('authorities').array().notNull().default([]),
    langKey: text('lang_key').notNull().default('pt-BR'),
    acceptedTermsVersion: text('accepted_terms_version'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    defaultCompanyId: integer('default_company_id').references((): AnyPgColumn => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_org_login').on(t.organizationId, t.login)],
);

export const persons = pgTable('persons', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  whatsAppStatus: text('whatsapp_status', { enum: ['RECEIVE', 'NOT_RECEIVE', 'NOT_KNOWN'] })
    .notNull()
    .default('NOT_KNOWN'),
});
