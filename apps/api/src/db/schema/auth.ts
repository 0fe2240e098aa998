import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Opaque bearer tokens. Only the SHA-256 of a token is stored, so a database leak yields no sessions. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** What the sessions list shows (docs/product/account-security.md#sessions): user agent and address. */
    userAgent: text('user_agent'),
    address: text('address'),
    /** Written by the token check at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user').on(t.userId)],
);

/**
 * The second step of a login with a second factor: the right password answered `mfa_required` with this
 * token (stored as its SHA-256). It lives 5 minutes and serves one success.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_challenges_user').on(t.userId)],
);

/** Ten single-use recovery codes per enrolment, stored as SHA-256 (each holds 50 random bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

/** Password reset keys: stored hashed, single use, 24 h; a newer key supersedes older ones. */
export const passwordResetKeys = pgTable(
  'password_reset_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_keys_user').on(t.userId)],
);

/**
 * Rate-limit events, one row per counted event, keyed by a bucket name such as `login:account:<org>:<login>`.
 * Kept in PostgreSQL rather than memory so that limits hold across several API processes.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_events_bucket_at').on(t.bucket, t.at)],
);
