import { centsToWire, type PlatformEvent, type PlatformEventType } from '@portal/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  batchCredits,
  batches,
  companies,
  credits,
  funders,
  platformEvents,
  programProviders,
} from '../../db/schema';
import { toPlatformEvent } from './platform-event-wire';
import { platformFunderOf } from './platform-funder';
import { eventVisibleTo, type PlatformViewer } from './platform-viewer';
import { enqueueWebhookDeliveries } from './webhook-deliveries';

/*
 * The platform's event feed (docs/product/platform-api.md#events). The one writer of platform_events: each
 * change the platform must hear of calls it in the change's own transaction (a request made, cancelled, paid or
 * rejected; an invoice accepted), so a crash can never leave a change without its event or an event without its
 * change. The same transaction queues the event's webhook deliveries.
 */

type BatchEventType = Extract<PlatformEventType, `batch.${string}`>;
type EventData = PlatformEvent['data'];

export async function recordBatchEvent(tx: Tx, input: { batchId: number; type: BatchEventType; now: Date }) {
  const [batch] = await tx
    .select({
      id: batches.id,
      organizationId: batches.organizationId,
      status: batches.status,
      programProvider: programProviders.ref,
      company: companies.identification,
      funderRef: funders.ref,
      funderName: funders.name,
      netValueCents: batches.netValueCents,
      paymentDate: batches.paymentDate,
      rejectionReason: batches.rejectionReason,
      paymentReference: batches.paymentReference,
    })
    .from(batches)
    .innerJoin(programProviders, eq(programProviders.id, batches.programProviderId))
    .innerJoin(companies, eq(companies.id, batches.companyId))
    .leftJoin(funders, eq(funders.id, batches.funderId))
    .where(eq(batches.id, input.batchId));
  if (!batch) throw new Error(`batch ${input.batchId} not found for its event`);
  const refs = await tx
    .select({ ref: credits.ref })
    .from(batchCredits)
    .innerJoin(credits, eq(credits.id, batchCredits.creditId))
    .where(eq(batchCredits.batchId, input.batchId))
    .orderBy(asc(credits.ref));
  const { organizationId, netValueCents, funderRef, funderName, ...facts } = batch;
  await insertEvent(tx, {
    organizationId,
    type: input.type,
    batchId: batch.id,
    data: {
      batch: {
        ...facts,
        funder: platformFunderOf(funderRef, funderName),
        netValue: centsToWire(netValueCents),
        credits: refs.map((r) => r.ref),
      },
    },
    now: input.now,
  });
}

export async function recordInvoiceUploaded(
  tx: Tx,
  input: { creditId: number; accessKey: string | null; contentType: string; now: Date },
) {
  const [credit] = await tx
    .select({
      organizationId: credits.organizationId,
      ref: credits.ref,
      programProvider: programProviders.ref,
    })
    .from(credits)
    .innerJoin(programProviders, eq(programProviders.id, credits.programProviderId))
    .where(eq(credits.id, input.creditId));
  if (!credit) throw new Error(`credit ${input.creditId} not found for its event`);
  await insertEvent(tx, {
    organizationId: credit.organizationId,
    type: 'invoice.uploaded',
    batchId: null,
    data: {
      credit: { ref: credit.ref, programProvider: credit.programProvider },
      invoice: { accessKey: input.accessKey, contentType: input.contentType },
    },
    now: input.now,
  });
}

/**
 * One event for each of these funders, addressed to it alone (and the platform's clients), such as a quote's
 * (docs/product/auction.md#events): no other funder's client sees it or receives it.
 */
export async function recordFunderEvents(
  tx: Tx,
  input: {
    organizationId: number;
    funderIds: readonly number[];
    type: Extract<PlatformEventType, `quote.${string}`>;
    data: EventData;
    now: Date;
  },
) {
  for (const funderId of input.funderIds) await insertEvent(tx, { ...input, batchId: null, funderId });
}

async function insertEvent(
  tx: Tx,
  event: {
    organizationId: number;
    type: PlatformEventType;
    batchId: number | null;
    funderId?: number;
    data: EventData;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(platformEvents)
    .values({
      organizationId: event.organizationId,
      type: event.type,
      batchId: event.batchId,
      funderId: event.funderId ?? null,
      data: event.data,
      createdAt: event.now,
    })
    .returning();
  if (row) await enqueueWebhookDeliveries(tx, row);
}

/**
 * The events the client sees after the cursor, oldest first. A funder's client's are filtered in the query, so
 * a page holds up to `limit` of its own events however many others lie between them, and the cursor (the last
 * id answered) skips none of them.
 */
export async function listPlatformEvents(
  db: Executor,
  viewer: PlatformViewer,
  input: { after: number; limit: number },
): Promise<PlatformEvent[]> {
  const rows = await db
    .select()
    .from(platformEvents)
    .where(and(eventVisibleTo(viewer), gt(platformEvents.id, input.after)))
    .orderBy(asc(platformEvents.id))
    .limit(input.limit);
  return rows.map(toPlatformEvent);
}
