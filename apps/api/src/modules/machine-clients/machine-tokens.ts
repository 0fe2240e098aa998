import { type PlatformScope, platformScopeSchema } from '@portal/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { machineClients, machineTokens, organizations } from '../../db/schema';
import { randomSecret, sha256Hex } from '../../lib/crypto';

/** A machine client's token as the platform calls see it (docs/product/platform-api.md#tokens). */
export type MachineCaller = {
  machineClientId: number;
  clientId: string;
  organizationId: number;
  organizationSlug: string;
  /** Set for a funder's client: it acts for that funder only (docs/product/funders.md#clients). */
  funderId: number | null;
  scopes: PlatformScope[];
};

/** An hour: a client gets a new token with its credentials whenever it needs one, so none lives long. */
export const MACHINE_TOKEN_TTL_SECONDS = 3600;

export async function issueMachineToken(
  db: Executor,
  input: { machineClientId: number; scopes: PlatformScope[]; now: Date },
): Promise<string> {
  const token = randomSecret(32);
  await db.insert(machineTokens).values({
    machineClientId: input.machineClientId,
    tokenHash: sha256Hex(token),
    scopes: input.scopes,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + MACHINE_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Ends a machine token now (`POST /api/oauth/logout` with it): from this instant it is refused as an expired one
 * is. An unknown or already ended token changes nothing.
 */
export async function revokeMachineToken(db: Executor, token: string, now: Date): Promise<void> {
  await db
    .update(machineTokens)
    .set({ expiresAt: now })
    .where(and(eq(machineTokens.tokenHash, sha256Hex(token)), gt(machineTokens.expiresAt, now)));
}

/** A live token of a client that is not revoked; a prepared statement, as every platform call starts here. */
function prepareMachineToken(db: Executor) {
  return db
    .select({
      machineClientId: machineClients.id,
      clientId: machineClients.clientId,
      organizationId: machineClients.organizationId,
      organizationSlug: organizations.slug,
      funderId: machineClients.funderId,
      scopes: machineTokens.scopes,
    })
    .from(machineTokens)
    .innerJoin(machineClients, eq(machineClients.id, machineTokens.machineClientId))
    .innerJoin(organizations, eq(organizations.id, machineClients.organizationId))
    .where(
      and(
        eq(machineTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(machineTokens.expiresAt, sql.placeholder('now')),
        isNull(machineClients.revokedAt),
      ),
    )
    .prepare('machine_token');
}

const queries = new WeakMap<Executor, ReturnType<typeof prepareMachineToken>>();

export async function findMachineToken(
  db: Executor,
  token: string,
  now: Date,
): Promise<MachineCaller | undefined> {
  let query = queries.get(db);
  if (!query) {
    query = prepareMachineToken(db);
    queries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: sha256Hex(token), now: now.toISOString() });
  return row && { ...row, scopes: row.scopes.map((scope) => platformScopeSchema.parse(scope)) };
}
