import { type PlatformScope, platformScopeSchema } from '@portal/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { funders, machineClients, organizations } from '../../db/schema';
import { randomSecret, sha256Hex } from '../../lib/crypto';

/*
 * Machine clients of the platform API (docs/product/platform-api.md#clients), created and managed by the
 * operator CLI (`npm run ops -- client …`). The secret is shown once, when it is made; only its SHA-256 is kept
 * (256 random bits need no slow hash: nothing to guess from the hash).
 */

/** How long the previous secret keeps working after a rotation. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** Recognisable prefixes, so a leaked value is found by a secret scanner and by the log scan. */
const CLIENT_ID_PREFIX = 'mc_';
const SECRET_PREFIX = 'mcs_';

export type NewClient = { clientId: string; clientSecret: string; scopes: PlatformScope[] };
export type ClientListing = {
  clientId: string;
  name: string;
  organization: string;
  /** The ref of the funder it acts for; null for a platform client. */
  funder: string | null;
  scopes: PlatformScope[];
  createdAt: Date;
  revokedAt: Date | null;
  previousSecretExpiresAt: Date | null;
};

function newSecret(): string {
  return `${SECRET_PREFIX}${randomSecret(32)}`;
}

export async function createMachineClient(
  db: Executor,
  input: {
    organizationId: number;
    /** A funder's client (its scopes among funderScopes: the caller checks). */
    funderId?: number;
    name: string;
    scopes: PlatformScope[];
    now: Date;
  },
): Promise<NewClient> {
  const clientId = `${CLIENT_ID_PREFIX}${randomSecret(12)}`;
  const clientSecret = newSecret();
  await db.insert(machineClients).values({
    organizationId: input.organizationId,
    funderId: input.funderId ?? null,
    clientId,
    name: input.name,
    scopes: input.scopes,
    secretHash: sha256Hex(clientSecret),
    createdAt: input.now,
  });
  return { clientId, clientSecret, scopes: input.scopes };
}

export async function listMachineClients(db: Executor): Promise<ClientListing[]> {
  const rows = await db
    .select({
      clientId: machineClients.clientId,
      name: machineClients.name,
      organization: organizations.slug,
      funder: funders.ref,
      scopes: machineClients.scopes,
      createdAt: machineClients.createdAt,
      revokedAt: machineClients.revokedAt,
      previousSecretExpiresAt: machineClients.previousSecretExpiresAt,
    })
    .from(machineClients)
    .innerJoin(organizations, eq(organizations.id, machineClients.organizationId))
    .leftJoin(funders, eq(funders.id, machineClients.funderId))
    .orderBy(asc(machineClients.id));
  return rows.map((row) => ({ ...row, scopes: row.scopes.map((s) => platformScopeSchema.parse(s)) }));
}

/** Revoking ends the client's tokens at once too: the token check reads the client's row. */
export async function revokeMachineClient(db: Executor, clientId: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(machineClients)
    .set({ revokedAt: now })
    .where(and(eq(machineClients.clientId, clientId), isNull(machineClients.revokedAt)))
    .returning({ id: machineClients.id });
  return revoked.length > 0;
}

/** A new secret; the current one becomes the previous one, accepted for 24 hours more. */
export async function rotateMachineClientSecret(
  db: Executor,
  clientId: string,
  now: Date,
): Promise<{ clientSecret: string; previousSecretExpiresAt: Date } | undefined> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: machineClients.id, secretHash: machineClients.secretHash })
      .from(machineClients)
      .where(and(eq(machineClients.clientId, clientId), isNull(machineClients.revokedAt)))
      .for('update');
    if (!client) return undefined;
    const clientSecret = newSecret();
    const previousSecretExpiresAt = new Date(now.getTime() + ROTATION_GRACE_MS);
    await tx
      .update(machineClients)
      .set({
        secretHash: sha256Hex(clientSecret),
        previousSecretHash: client.secretHash,
        previousSecretExpiresAt,
      })
      .where(eq(machineClients.id, client.id));
    return { clientSecret, previousSecretExpiresAt };
  });
}
