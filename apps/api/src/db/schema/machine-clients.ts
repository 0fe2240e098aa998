import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { funders } from './funders';
import { organizationId } from './organizations';

/**
 * A platform system that calls the platform API (docs/product/platform-api.md#clients): the buyer's invoice
 * feed, the funder's payment system. It acts on its own organization only, with the scopes it was given. Its
 * secret, like every secret here, is stored as its SHA-256 only; after a rotation the previous one keeps working
 * until `previousSecretExpiresAt`, so a deployment can change over without a gap.
 */
export const machineClients = pgTable('machine_clients', {
  id: serial('id').primaryKey(),
  organizationId: organizationId(),
  clientId: text('client_id').notNull().unique(),
  name: text('name').notNull(),
  scopes: text('scopes').array().notNull(),
  /**
   * Set for a funder's client: it acts for that funder only (its offers, the requests it funds and their
   * events); null for the platform's own clients, which see the whole organization.
   */
  funderId: integer('funder_id').references(() => funders.id),
  secretHash: text('secret_hash').notNull(),
  previousSecretHash: text('previous_secret_hash'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** The bearer tokens of the client credentials grant, as SHA-256; each with the scopes it was granted. */
export const machineTokens = pgTable(
  'machine_tokens',
  {
    id: serial('id').primaryKey(),
    machineClientId: integer('machine_client_id')
      .notNull()
      .references(() => machineClients.id),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('machine_tokens_client').on(t.machineClientId)],
);

/**
 * The answers given to a client's `Idempotency-Key`s on the platform API (docs/product/platform-api.md#idempotency),
 * written in the same transaction as the change they answer: the same key and body replay the answer, another
 * body under the key is 422.
 */
export const platformReplies = pgTable(
  'platform_replies',
  {
    id: serial('id').primaryKey(),
    machineClientId: integer('machine_client_id')
      .notNull()
      .references(() => machineClients.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The call the key was used with (`POST /api/platform/v1/imports`). */
    call: text('call').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('platform_replies_client_key').on(t.machineClientId, t.idempotencyKey)],
);
