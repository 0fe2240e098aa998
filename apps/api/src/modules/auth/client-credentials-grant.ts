import { timingSafeEqual } from 'node:crypto';
import { funderScopes, type PlatformScope, parseScopeList, platformScopeSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { machineClients } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../lib/crypto';
import { countEvents, lockBucket, recordEvent, windowReopensAt } from '../../lib/rate-limit';
import { issueMachineToken, MACHINE_TOKEN_TTL_SECONDS } from '../machine-clients/machine-tokens';
import { type ClientCredentials, invalidClient, presentedClient } from './client-credentials';
import { tooManyAttempts } from './login-attempts';

/*
 * The OAuth 2.0 client credentials grant (RFC 6749 4.4) for machine clients (docs/product/platform-api.md#tokens).
 * Wrong secrets count like wrong passwords: per client and per address (the address bucket is the login's, so
 * one address cannot guess passwords and secrets twice as often), ten per client in 15 minutes.
 */

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_CLIENT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;

export type GrantInput = {
  /** What the client asked for: a machine client has the client credentials grant only (anything else: 400). */
  grantType: string;
  authorization: string | undefined;
  form: { client_id?: string | undefined; client_secret?: string | undefined; scope?: string | undefined };
  ip: string;
  now: Date;
};

export type MachineTokenAnswer = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
};

type Outcome =
  | { kind: 'token'; token: string; scopes: PlatformScope[] }
  | { kind: 'locked'; retryAt: Date }
  | { kind: 'wrongClient' }
  | { kind: 'wrongGrant' }
  | { kind: 'wrongScope' };

export async function grantClientCredentials(db: Database, input: GrantInput): Promise<MachineTokenAnswer> {
  const { client, viaBasic } = presentedClient(input.authorization, input.form);
  // A failure is recorded in the transaction and answered after it commits, so the count survives the refusal.
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const buckets = { client: `client:${client.id}`, address: `login:ip:${input.ip}` };
    await lockBucket(tx, buckets.client);
    const since = new Date(input.now.getTime() - WINDOW_MS);
    for (const [bucket, max] of [
      [buckets.client, MAX_FAILURES_PER_CLIENT],
      [buckets.address, MAX_FAILURES_PER_ADDRESS],
    ] as const) {
      if ((await countEvents(tx, bucket, since)) >= max)
        return { kind: 'locked', retryAt: await windowReopensAt(tx, bucket, since, WINDOW_MS) };
    }
    const [row] = await tx.select().from(machineClients).where(eq(machineClients.clientId, client.id));
    if (!row || row.revokedAt || !secretMatches(row, client, input.now)) {
      await recordEvent(tx, buckets.client, input.now);
      await recordEvent(tx, buckets.address, input.now);
      return { kind: 'wrongClient' };
    }
    // The client is who it says: it learns that the grant is the wrong one (RFC 6749 5.2), not its secret.
    if (input.grantType !== 'client_credentials') return { kind: 'wrongGrant' };
    const granted = clientScopes(row);
    const asked = input.form.scope === undefined ? granted : parseScopeList(input.form.scope);
    if (!asked || asked.length === 0 || asked.some((scope) => !granted.includes(scope)))
      return { kind: 'wrongScope' };
    const token = await issueMachineToken(tx, { machineClientId: row.id, scopes: asked, now: input.now });
    return { kind: 'token', token, scopes: asked };
  });
  if (outcome.kind === 'locked')
    throw tooManyAttempts({ retryAt: outcome.retryAt, limit: 'account' }, input.now);
  if (outcome.kind === 'wrongClient') throw invalidClient(viaBasic);
  if (outcome.kind === 'wrongGrant') throw new AppError('unsupported_grant_type');
  if (outcome.kind === 'wrongScope') throw new AppError('invalid_scope');
  return {
    access_token: outcome.token,
    token_type: 'bearer',
    expires_in: MACHINE_TOKEN_TTL_SECONDS,
    scope: outcome.scopes.join(' '),
  };
}

/**
 * What the client may be given. A funder's client never more than the funders' scopes, whatever its row says:
 * the CLI refuses others for it, and a row written another way must not widen what it can do.
 */
function clientScopes(row: { scopes: string[]; funderId: number | null }): PlatformScope[] {
  const scopes = row.scopes.map((scope) => platformScopeSchema.parse(scope));
  if (row.funderId === null) return scopes;
  return scopes.filter((scope) => (funderScopes as readonly PlatformScope[]).includes(scope));
}

function secretMatches(
  row: { secretHash: string; previousSecretHash: string | null; previousSecretExpiresAt: Date | null },
  client: ClientCredentials,
  now: Date,
): boolean {
  const presented = sha256Hex(client.secret);
  // Both compared every time, in constant time, so the timing says nothing of which secret matched.
  const current = sameHex(presented, row.secretHash);
  const previous =
    row.previousSecretHash !== null &&
    row.previousSecretExpiresAt !== null &&
    row.previousSecretExpiresAt > now &&
    sameHex(presented, row.previousSecretHash);
  return current || previous;
}

function sameHex(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
