import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessTokens, users } from '../../db/schema';
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
  tokenHash: string;
};

/** Issues an opaque bearer token (256 random bits); only its hash is stored. */
export async function issueToken(db: Executor, userId: number, now: Date, ttlSeconds: number) {
  const token = randomSecret(32);
  await db.insert(accessTokens).values({
    userId,
    tokenHash: sha256Hex(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
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
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
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
  return row ? { ...row, tokenHash } : undefined;
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
