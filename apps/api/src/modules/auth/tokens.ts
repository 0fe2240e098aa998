import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessTokens, organizations, users } from '../../db/schema';
import { randomSecret, sha256Hex } from '../../lib/crypto';

export type AuthenticatedUser = {
  id: number;
  organizationId: number;
  login: string;
  firstName: string;
  activated: boolean;
  authorities: string[];
  langKey: string;
  acceptedTermsVersion: string | null;
  defaultCompanyId: number | null;
  twoFactorEnabled: boolean;
  /** The organization requires a second factor (docs/product/account-security.md#forced-enrolment). */
  twoFactorRequired: boolean;
  pinSet: boolean;
  /** The session: the token's row and hash. */
  tokenId: number;
  tokenHash: string;
  lastUsedAt: Date | null;
};

/** Where a session came from, for the sessions list. */
export type SessionOrigin = { userAgent: string | null; address: string | null };

/** Issues an opaque bearer token (256 random bits); only its hash is stored. */
export async function issueToken(
  db: Executor,
  userId: number,
  now: Date,
  ttlSeconds: number,
  origin: SessionOrigin = { userAgent: null, address: null },
) {
  const token = randomSecret(32);
  await db.insert(accessTokens).values({
    userId,
    tokenHash: sha256Hex(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    address: origin.address,
  });
  return token;
}

/**
 * Every authenticated request starts here, so it is a named prepared statement: PostgreSQL parses and plans
 * it once per connection, and Drizzle builds its SQL once per database handle.
 */
function prepareTokenUser(db: Executor) {
  return db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      login: users.login,
      firstName: users.firstName,
      activated: users.activated,
      authorities: users.authorities,
      langKey: users.langKey,
      acceptedTermsVersion: users.acceptedTermsVersion,
      defaultCompanyId: users.defaultCompanyId,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      twoFactorRequired: organizations.requireTwoFactor,
      pinSet: sql<boolean>`${users.pinHash} is not null`,
      tokenId: accessTokens.id,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('token_user');
}

const tokenUserQueries = new WeakMap<Executor, ReturnType<typeof prepareTokenUser>>();

export async function findTokenUser(
  db: Executor,
  token: string,
  now: Date,
): Promise<AuthenticatedUser | undefined> {
  const tokenHash = sha256Hex(token);
  let query = tokenUserQueries.get(db);
  if (!query) {
    query = prepareTokenUser(db);
    tokenUserQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  return row ? { ...row, lastUsedAt: row.lastUsedAt && new Date(row.lastUsedAt), tokenHash } : undefined;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** "Last used" of the sessions list, written at most once a minute per session so reads stay reads. */
export async function touchSession(db: Executor, user: AuthenticatedUser, now: Date) {
  if (user.lastUsedAt && now.getTime() - user.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, user.tokenId));
}

export async function revokeToken(db: Executor, token: string, now: Date) {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tokenHash, sha256Hex(token)), isNull(accessTokens.revokedAt)));
}

/** Revokes every live token of a user, except optionally the one making the request. */
export async function revokeUserTokens(db: Executor, userId: number, now: Date, keepTokenHash?: string) {
  const live = and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt));
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(keepTokenHash ? and(live, ne(accessTokens.tokenHash, keepTokenHash)) : live);
}
