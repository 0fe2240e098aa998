import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  type PlatformEventType,
  platformEventTypes,
  type WebhookAttempt,
  type WebhookEndpoint,
  webhookEndpointsMax,
} from '@portal/contract';
import { and, asc, count, desc, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  batches,
  platformEvents,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { eventVisibleTo, type PlatformViewer, visibleTo } from './platform-viewer';

/*
 * The endpoints a machine client registers (docs/product/platform-api.md#webhooks). The one writer of
 * webhook_endpoints. The signing secret is answered once, at registration; it is stored sealed with the server's
 * key, since signing needs it back. An endpoint registered by a funder's client is its funder's: it receives
 * that funder's events only, and only that funder's clients see it among the funders' (a platform client sees
 * every endpoint of its organization; docs/product/funders.md#clients).
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

/** The 11th endpoint of a client's organization (or funder): 400 error.webhook.tooMany, by the error handler. */
export class TooManyEndpointsError extends AppError {
  constructor() {
    super('error.webhook.tooMany');
  }
}

export async function registerEndpoint(
  db: Database,
  secrets: SecretBox,
  input: {
    /** The registering client: a funder's client's endpoint is its funder's. */
    viewer: PlatformViewer;
    machineClientId: number;
    url: string;
    events: readonly PlatformEventType[] | undefined;
    now: Date;
  },
): Promise<CreatedWebhookEndpoint> {
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const { organizationId, funderId } = input.viewer;
    // Counted under a lock on the organization's endpoints, so two registrations at once cannot pass the limit.
    // Each funder has its own limit beside the platform clients' one: none fills another's, or learns its count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook-endpoints'), ${organizationId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.organizationId, organizationId),
          funderId === null ? isNull(webhookEndpoints.funderId) : eq(webhookEndpoints.funderId, funderId),
        ),
      );
    if ((existing?.n ?? 0) >= webhookEndpointsMax) throw new TooManyEndpointsError();
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId,
        funderId,
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

export async function listEndpoints(db: Executor, viewer: PlatformViewer): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(visibleTo(viewer, webhookEndpoints))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

/** An endpoint the client sees, or undefined for another organization's or funder's and for none alike. */
export async function findEndpoint(
  db: Executor,
  viewer: PlatformViewer,
  id: number,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), visibleTo(viewer, webhookEndpoints)));
  return row;
}

/**
 * Edits the endpoint in place: the URL and event types given (`events: null` is every type), and re-enabled with
 * its failing spell forgotten; the secret and the log stay. Deliveries already queued keep going (to the new
 * URL); those given up when it was disabled are retried by hand. Undefined when the client does not see it.
 */
export async function updateEndpoint(
  db: Executor,
  input: {
    viewer: PlatformViewer;
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
    .where(and(eq(webhookEndpoints.id, input.id), visibleTo(input.viewer, webhookEndpoints)))
    .returning();
  return row && toEndpoint(row);
}

/** Removes the endpoint with its deliveries and their log; false when the client does not see it. */
export async function deleteEndpoint(db: Database, viewer: PlatformViewer, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), visibleTo(viewer, webhookEndpoints)))
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

/**
 * An event the client sees, with the funder it is addressed to or of its request (null for the house's and for
 * an event of no request); undefined for another organization's, another funder's for a funder's client, and none alike.
 */
export async function findVisibleEvent(db: Executor, viewer: PlatformViewer, eventId: number) {
  const [row] = await db
    .select({
      event: getTableColumns(platformEvents),
      funderId: sql<number | null>`coalesce(${platformEvents.funderId}, ${batches.funderId})`,
    })
    .from(platformEvents)
    .leftJoin(batches, eq(batches.id, platformEvents.batchId))
    .where(and(eq(platformEvents.id, eventId), eventVisibleTo(viewer)));
  return row;
}
