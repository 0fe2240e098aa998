/// <reference path="./ua-parser-js.d.ts" />
import type { Session } from '@portal/contract';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import UAParser from 'ua-parser-js';
import type { Executor } from '../../db/client';
import { accessTokens } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../auth/tokens';

// Each token is a session (docs/product/account-security.md#sessions). Ending one is its revoked_at, which
// every API process's token check reads on every call, so an ended session is refused at once everywhere.

/** A live token of the user: neither revoked nor expired. */
function liveTokensOf(userId: number, now: Date) {
  return and(
    eq(accessTokens.userId, userId),
    isNull(accessTokens.revokedAt),
    gt(accessTokens.expiresAt, now),
  );
}

/**
 * "Chrome 131 · Linux": the browser and its major version, and the system's name, from the user agent; null when
 * it names neither. The system's version is left out: browsers freeze it (every Mac says 10.15.7, Windows 11 says 10).
 */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = new UAParser(userAgent).getResult();
  const parts: string[] = [];
  if (browser.name) parts.push(browser.major ? `${browser.name} ${browser.major}` : browser.name);
  if (os.name) parts.push(os.name);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The caller's live sessions, the most recently used first; the one making the call is `current`. */
export async function listSessions(db: Executor, caller: AuthenticatedUser, now: Date): Promise<Session[]> {
  const lastUsed = sql`coalesce(${accessTokens.lastUsedAt}, ${accessTokens.createdAt})`;
  const rows = await db
    .select({
      id: accessTokens.id,
      tokenHash: accessTokens.tokenHash,
      userAgent: accessTokens.userAgent,
      address: accessTokens.address,
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .where(liveTokensOf(caller.id, now))
    .orderBy(desc(lastUsed), desc(accessTokens.id));
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    address: row.address,
    startedAt: row.createdAt.toISOString(),
    lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.tokenHash === caller.tokenHash,
  }));
}

/**
 * Ends one of the caller's live sessions (the current one too: that is a logout). Another user's, an unknown
 * or an already ended one: the same 404 error.session.notFound.
 */
export async function endSession(
  db: Executor,
  caller: AuthenticatedUser,
  sessionId: number,
  now: Date,
): Promise<{ current: boolean }> {
  const [ended] = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, sessionId), liveTokensOf(caller.id, now)))
    .returning({ tokenHash: accessTokens.tokenHash });
  if (!ended) throw new AppError('error.session.notFound');
  return { current: ended.tokenHash === caller.tokenHash };
}

/** Ends every live session of the caller but the one making the call; answers how many. */
export async function endOtherSessions(db: Executor, caller: AuthenticatedUser, now: Date): Promise<number> {
  const ended = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(liveTokensOf(caller.id, now), ne(accessTokens.tokenHash, caller.tokenHash)))
    .returning({ id: accessTokens.id });
  return ended.length;
}
