import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { batches, platformEvents } from '../../db/schema';

/*
 * What a machine client sees of its organization (docs/product/funders.md#clients): a platform client
 * (funderId null) all of it; a funder's client only the requests its funder funds, their events and its own
 * funder's webhook endpoints. Every platform read and change of those narrows by these conditions in its query,
 * so what a funder's client may not see answers exactly as what does not exist.
 */

/** The caller as these conditions need it; a MachineCaller is one. */
export type PlatformViewer = { organizationId: number; funderId: number | null };

/** The row's organization is the viewer's and, for a funder's client, its funder column is the viewer's funder. */
export function visibleTo(
  viewer: PlatformViewer,
  columns: { organizationId: AnyPgColumn; funderId: AnyPgColumn },
): SQL {
  return and(
    eq(columns.organizationId, viewer.organizationId),
    viewer.funderId === null ? undefined : eq(columns.funderId, viewer.funderId),
  )!;
}

/**
 * A platform event the viewer may see: one of its organization and, for a funder's client, one addressed to its
 * funder (a quote's: docs/product/auction.md#events) or of a request its funder funds (an event of no request,
 * such as invoice.uploaded, is none of a funder's).
 */
export function eventVisibleTo(viewer: PlatformViewer): SQL {
  return and(
    eq(platformEvents.organizationId, viewer.organizationId),
    viewer.funderId === null
      ? undefined
      : sql`(${platformEvents.funderId} = ${viewer.funderId} or exists (select 1 from ${batches} where ${batches.id} = ${platformEvents.batchId} and ${batches.funderId} = ${viewer.funderId}))`,
  )!;
}
