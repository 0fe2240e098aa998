import type { BatchDetail, Estimate } from '@portal/contract';
import { zonedDateTime } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batchEvents, batches, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type CallerProgramProvider, findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { invoiceKeysOf } from '../uploads/upload-queries';
import { findBatchFunder } from './batch-funder';

export type CallerBatch = { batch: typeof batches.$inferSelect; access: CallerProgramProvider };

/**
 * A request the caller may see: one of a participation reached through their active memberships (REMOVED
 * participations are hidden, as in the history). Anything else, another company's request or none, is the same
 * 404 error.batch.notFound.
 */
export async function findCallerBatch(
  db: Executor,
  caller: AuthenticatedUser,
  batchId: number,
): Promise<CallerBatch> {
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.organizationId !== caller.organizationId) throw new AppError('error.batch.notFound');
  try {
    return { batch, access: await findCallerProgramProvider(db, caller, batch.programProviderId) };
  } catch (error) {
    if (error instanceof AppError) throw new AppError('error.batch.notFound');
    throw error;
  }
}

/**
 * Why the supplier may not cancel now, or null when it may (docs/product/requests.md#cancelling): only a
 * REQUESTED request, on the day it was made, up to the program's anticipationMaxTime in the organization's
 * zone, and only where the participation allows it.
 */
export function cancelRefusal(
  { batch, access }: CallerBatch,
  now: Date,
): 'error.provider.cannotCancel' | 'error.batch.wrongStatus' | null {
  if (batch.status !== 'REQUESTED') return 'error.batch.wrongStatus';
  if (!access.programProvider.canCancel) return 'error.provider.cannotCancel';
  const timezone = access.organization.timezone;
  const requestDay = zonedDateTime(batch.createdAt, timezone).date;
  const { date, time } = zonedDateTime(now, timezone);
  // HH:mm strings of equal length compare like the times they spell.
  if (date !== requestDay || time > access.program.anticipationMaxTime) return 'error.batch.wrongStatus';
  return null;
}

/**
 * The bank account a request was made with, as the supplier's own calls show it (the detail, the statement):
 * "341 / 1234 / ****5678", only the account's last 4 characters; null when the request has none
 * (docs/product/requests.md#bank-account). The whole account goes to the platform's funder alone.
 */
export function maskedBankAccountOf(
  batch: Pick<typeof batches.$inferSelect, 'bankCode' | 'bankBranch' | 'bankAccount'>,
): string | null {
  const { bankCode, bankBranch, bankAccount } = batch;
  if (!bankCode || !bankBranch || !bankAccount) return null;
  return `${bankCode} / ${bankBranch} / ****${bankAccount.slice(-4)}`;
}

/**
 * The detail the web app shows: who funds it, the frozen figures, the account the request was made with (masked), the credits,
 * and every status change.
 */
export async function batchDetailOf(db: Executor, found: CallerBatch, now: Date): Promise<BatchDetail> {
  const { batch, access } = found;
  const estimate = batch.estimate as Estimate;
  const [events, invoiceKeys, funder] = await Promise.all([
    db
      .select({ status: batchEvents.status, at: batchEvents.at, by: users.firstName })
      .from(batchEvents)
      .leftJoin(users, eq(users.id, batchEvents.byUserId))
      .where(eq(batchEvents.batchId, batch.id))
      .orderBy(asc(batchEvents.id)),
    invoiceKeysOf(
      db,
      estimate.creditEstimates.map((credit) => credit.id),
    ),
    findBatchFunder(db, batch.id),
  ]);
  return {
    id: batch.id,
    programId: access.program.id,
    programName: access.program.name,
    buyerName: access.buyer.name,
    funder,
    programProviderId: access.programProvider.id,
    companyId: access.company.id,
    status: batch.status,
    automatic: batch.automatic,
    requestedAt: batch.createdAt.toISOString(),
    paymentDate: batch.paymentDate,
    value: estimate.value,
    total: estimate.total,
    discount: estimate.discount,
    fees: estimate.fees,
    iof: estimate.iof,
    rejectionReason: batch.rejectionReason,
    paymentReference: batch.paymentReference,
    bankAccount: maskedBankAccountOf(batch),
    cancellable: cancelRefusal(found, now) === null,
    credits: estimate.creditEstimates.map((credit) => ({
      ...credit,
      invoiceKey: invoiceKeys.get(credit.id) ?? null,
    })),
    events: events.map((event) => ({ status: event.status, at: event.at.toISOString(), by: event.by })),
  };
}
