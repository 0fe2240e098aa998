import {
  type BatchStatus,
  centsToWire,
  type Estimate,
  type PlatformBatch,
  type PlatformBatchPage,
  type PlatformBatchSummary,
} from '@portal/contract';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { batches, companies, credits, funders, programProviders, programs } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { batchCreditCount } from '../batches/list-batches';
import { invoiceKeysOf } from '../uploads/upload-queries';
import { platformFunderOf } from '../webhooks/platform-funder';
import { type PlatformViewer, visibleTo } from '../webhooks/platform-viewer';

/*
 * The funder's reading of the requests (docs/product/platform-api.md#batches): every request of the client's
 * organization, whichever company or participation it is of (a REMOVED participation's included: what was
 * requested stays to be paid or accounted for); a funder's client, those its funder funds only.
 */

export type PlatformBatchesQuery = {
  status?: BatchStatus | undefined;
  after?: number | undefined;
  limit: number;
};

/** A frozen total of the estimate, as the wire number it was stored as. */
const frozen = (field: 'discount' | 'fees' | 'iof') => sql<number>`(${batches.estimate}->${field})`;

const summaryColumns = {
  id: batches.id,
  ref: batches.ref,
  status: batches.status,
  createdAt: batches.createdAt,
  paymentDate: batches.paymentDate,
  rejectionReason: batches.rejectionReason,
  paymentReference: batches.paymentReference,
  originalValueCents: batches.originalValueCents,
  netValueCents: batches.netValueCents,
  discount: frozen('discount'),
  fees: frozen('fees'),
  iof: frozen('iof'),
  creditCount: batchCreditCount(),
  companyRef: companies.ref,
  companyName: companies.name,
  identification: companies.identification,
  programRef: programs.ref,
  programName: programs.name,
  funderRef: funders.ref,
  funderName: funders.name,
};

function selectSummaries<Extra extends SelectedFields>(db: Executor, where: SQL, extra: Extra) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(batches)
    .innerJoin(companies, eq(companies.id, batches.companyId))
    .innerJoin(programProviders, eq(programProviders.id, batches.programProviderId))
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .leftJoin(funders, eq(funders.id, batches.funderId))
    .where(where);
}

const selectSummariesOnly = (db: Executor, where: SQL) => selectSummaries(db, where, {});
type SummaryRow = Awaited<ReturnType<typeof selectSummariesOnly>>[number];

function summaryOf(row: SummaryRow): PlatformBatchSummary {
  return {
    id: row.id,
    ref: row.ref,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    paymentDate: row.paymentDate,
    company: { ref: row.companyRef, name: row.companyName, identification: row.identification },
    program: { ref: row.programRef, name: row.programName },
    funder: platformFunderOf(row.funderRef, row.funderName),
    value: centsToWire(row.originalValueCents),
    discount: row.discount,
    fees: row.fees,
    iof: row.iof,
    net: centsToWire(row.netValueCents),
    creditCount: row.creditCount,
    rejectionReason: row.rejectionReason,
    paymentReference: row.paymentReference,
  };
}

/**
 * A page of the requests the client sees, oldest first by id, after the cursor (the last id of the previous
 * page). One row more than asked tells whether a next page exists, so the last page says `next: null` and a
 * client never fetches an empty page to learn it.
 */
export async function listPlatformBatches(
  db: Executor,
  viewer: PlatformViewer,
  query: PlatformBatchesQuery,
): Promise<PlatformBatchPage> {
  const where = and(
    visibleTo(viewer, batches),
    query.status && eq(batches.status, query.status),
    query.after !== undefined ? gt(batches.id, query.after) : undefined,
  )!;
  const rows = await selectSummariesOnly(db, where)
    .orderBy(asc(batches.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    content: page.map(summaryOf),
    next: rows.length > query.limit && last ? String(last.id) : null,
  };
}

/**
 * One request the client sees with its credits (refs, frozen figures, invoice keys) and the whole bank account
 * it was made with, stored on the request (a later change of the company's account does not move it). Another
 * organization's, another funder's for a funder's client, or none, is the same 404 error.batch.notFound.
 */
export async function findPlatformBatch(
  db: Executor,
  viewer: PlatformViewer,
  batchId: number,
): Promise<PlatformBatch> {
  const [row] = await selectSummaries(db, and(eq(batches.id, batchId), visibleTo(viewer, batches))!, {
    estimate: batches.estimate,
    bankCode: batches.bankCode,
    bankBranch: batches.bankBranch,
    bankAccount: batches.bankAccount,
  });
  if (!row) throw new AppError('error.batch.notFound');
  const estimate = row.estimate as Estimate;
  const creditIds = estimate.creditEstimates.map((credit) => credit.id);
  const [refRows, invoiceKeys] = await Promise.all([
    creditIds.length === 0
      ? []
      : db.select({ id: credits.id, ref: credits.ref }).from(credits).where(inArray(credits.id, creditIds)),
    invoiceKeysOf(db, creditIds),
  ]);
  const refs = new Map(refRows.map((credit) => [credit.id, credit.ref]));
  const summary = summaryOf(row);
  const { bankCode, bankBranch, bankAccount } = row;
  return {
    ...summary,
    company: {
      ...summary.company,
      bankAccount:
        bankCode && bankBranch && bankAccount
          ? { bank: bankCode, branch: bankBranch, account: bankAccount }
          : null,
    },
    credits: estimate.creditEstimates.map((credit) => ({
      ...credit,
      ref: refs.get(credit.id) ?? '',
      invoiceKey: invoiceKeys.get(credit.id) ?? null,
    })),
  };
}
