import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  type PlatformEventType,
  platformEventTypes,
  type WebhookAttempt,
  type WebhookEndpoint,
  webhookEndpointsMax,
} from '@portal/contract';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { platformEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';

/*
 * The endpoints a machine client registers (docs/product/platform-api.md#webhooks). The one writer of
 * webhook_endpoints. The signing secret is answered once, at registration; it is stored sealed with the server's
 * key, since signing needs it back.
 */

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** `whsec_` and the base64 of 32 random bytes, as Standard Webhooks writes its secrets. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  const wanted = row.eventTypes ?? platformEventTypes;
  return {
    id: row.id,
    url: row.url,
    events: platformEventTypes.filter((type) => wanted.includes(type)),
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

export class TooManyEndpointsError extends Error {}

export async function registerEndpoint(
  db: Database,
  secrets: SecretBox,
  input: {
    organizationId: number;
    machineClientId: number;
    url: string;
    events: readonly PlatformEventType[] | undefined;
    now: Date;
  },
): Promise<CreatedWebhookEndpoint> {
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    // Counted under a lock on the organization's endpoints, so two registrations at once cannot pass the limit.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('webhook-endpoints'), ${input.organizationId})`,
    );
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, input.organizationId));
    if ((existing?.n ?? 0) >= webhookEndpointsMax) throw new TooManyEndpointsError();
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId: input.organizationId,
        machineClientId: input.machineClientId,
        url: input.url,
        eventTypes: input.events ? [...new Set(input.events)] : null,
        secretSealed: secrets.seal(secret),
        createdAt: input.now,
      })
      .returning();
    return created!;
  });
  return { ...toEndpoint(row), secret };
}

export async function listEndpoints(db: Executor, organizationId: number): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

/** The organization's endpoint, or undefined for another organization's and for none alike. */
export async function findEndpoint(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)));
  return row;
}

/**
 * Edits the endpoint in place: the URL and event types given (`events: null` is every type), and re-enabled with
 * its failing spell forgotten; the secret and the log stay. Deliveries already queued keep going (to the new
 * URL); those given up when it was disabled are retried by hand. Undefined when it is not the organization's.
 */
export async function updateEndpoint(
  db: Executor,
  input: {
    organizationId: number;
    id: number;
    url: string | undefined;
    events: readonly PlatformEventType[] | null | undefined;
  },
): Promise<WebhookEndpoint | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined && { url: input.url }),
      ...(input.events !== undefined && { eventTypes: input.events ? [...new Set(input.events)] : null }),
      disabledAt: null,
      failingSince: null,
    })
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.organizationId, input.organizationId)))
    .returning();
  return row && toEndpoint(row);
}

/** Removes the endpoint with its deliveries and their log; false when it is not the organization's. */
export async function deleteEndpoint(db: Database, organizationId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** The endpoint's attempts, newest first, before the cursor. */
export async function listAttempts(
  db: Executor,
  input: { endpointId: number; before?: number | undefined; limit: number },
): Promise<{ content: WebhookAttempt[]; next: string | null }> {
  const rows = await db
    .select({
      id: webhookAttempts.id,
      eventId: webhookDeliveries.eventId,
      eventType: platformEvents.type,
      attemptedAt: webhookAttempts.attemptedAt,
      durationMs: webhookAttempts.durationMs,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      // A 2xx, which the sender counts as delivered; a stored copy of it could only disagree.
      delivered: sql<boolean>`coalesce(${webhookAttempts.statusCode} between 200 and 299, false)`,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(platformEvents, eq(platformEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookAttempts.endpointId, input.endpointId),
        input.before === undefined ? undefined : lt(webhookAttempts.id, input.before),
      ),
    )
    .orderBy(desc(webhookAttempts.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    content: page.map((row) => ({
      ...row,
      id: String(row.id),
      eventId: String(row.eventId),
      attemptedAt: row.attemptedAt.toISOString(),
    })),
    next: rows.length > input.limit ? String(page.at(-1)!.id) : null,
  };
}

/** One of the organization's events, or undefined for another organization's and for none alike. */
export async function findOrganizationEvent(db: Executor, organizationId: number, eventId: number) {
  const [row] = await db
    .select()
    .from(platformEvents)
    .where(and(eq(platformEvents.id, eventId), eq(platformEvents.organizationId, organizationId)));
  return row;
}
