import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * The TOTP secret, sealed with the server's key (lib/secret-box.ts): pending while totpEnabledAt is null,
     * the second factor once it is set (docs/product/account-security.md#second-factor).
     */
    totpSecretSealed: text('totp_secret_sealed'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code of that step or an older one is never accepted again. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The transaction PIN as argon2id; null until set. */
    pinHash: text('pin_hash'),
    /** Wrong PINs since the last right one or the last lock; the fifth locks requests until pinLockedUntil. */
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
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
