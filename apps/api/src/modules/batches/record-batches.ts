import { type BatchStatus, type Estimate, wireToCents } from '@portal/contract';
import type { Tx } from '../../db/client';
import { batchAudit, batchCredits, batchEvents, batches } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { isUniqueViolation } from './unique-violation';

type Batch = typeof batches.$inferSelect;

/** A request to write: the batch row (its estimate frozen in it), then what happened to it and who did it. */
export type BatchRecord = {
  batch: Omit<
    typeof batches.$inferInsert,
    'id' | 'originalValueCents' | 'netValueCents' | 'paymentDate' | 'daysToPay'
  > & {
    estimate: Estimate;
  };
  /** Whether the request still holds its credits (REQUESTED or PAID): docs/product/requests.md#claim. */
  live: boolean;
  events: { status: BatchStatus; byUserId: number | null; at: Date }[];
  audit: Omit<typeof batchAudit.$inferInsert, 'id' | 'batchId' | 'figures'> & {
    figures?: Record<string, unknown>;
  };
};

/**
 * The one writer of new requests (docs/product/requests.md#claim): the batch with its estimate's totals, its
 * credits with their frozen figures, its events and one audit row, in a few statements for any number of them.
 * A request made on the portal and a past request of an import file are written alike; the notices each one
 * sends are the caller's (a receipt for the first, history for the second). Run in the caller's transaction.
 */
export async function recordBatches(tx: Tx, records: readonly BatchRecord[]): Promise<Batch[]> {
  if (records.length === 0) return [];
  const inserted = await tx
    .insert(batches)
    .values(
      records.map(({ batch }) => ({
        ...batch,
        originalValueCents: wireToCents(batch.estimate.value),
        netValueCents: wireToCents(batch.estimate.total),
        paymentDate: batch.estimate.date,
        daysToPay: batch.estimate.daysToPay,
      })),
    )
    .returning();
  const idOf = (n: number) => inserted[n]!.id;
  await insertBatchCredits(
    tx,
    records.flatMap(({ batch, live }, n) =>
      batch.estimate.creditEstimates.map((row) => ({
        batchId: idOf(n),
        creditId: row.id,
        live,
        originalValueCents: wireToCents(row.originalValue),
        anticipationCents: wireToCents(row.anticipation),
      })),
    ),
  );
  await tx
    .insert(batchEvents)
    .values(records.flatMap(({ events }, n) => events.map((e) => ({ ...e, batchId: idOf(n) }))));
  await tx.insert(batchAudit).values(
    records.map(({ batch, audit }, n) => ({
      ...audit,
      batchId: idOf(n),
      figures: { ...audit.figures, ...auditFigures(batch.estimate) },
    })),
  );
  return inserted;
}

async function insertBatchCredits(tx: Tx, rows: (typeof batchCredits.$inferInsert)[]) {
  try {
    await tx.insert(batchCredits).values(rows);
  } catch (error) {
    // The last line of defence (a credit set back to AVAILABLE by hand while still in a live batch): the
    // credit is not claimable, which is a refusal like any other, not a server failure.
    if (isUniqueViolation(error, 'batch_credits_one_live')) throw new AppError('error.credit.notfound');
    throw error;
  }
}

type BankAccountColumns = Pick<typeof batches.$inferInsert, 'bankCode' | 'bankBranch' | 'bankAccount'>;

/**
 * The company's bank account as a request keeps it (docs/product/requests.md#bank-account): all three parts, or
 * none when any is missing (the table's check holds all or none).
 */
export function wholeBankAccount(company: BankAccountColumns): BankAccountColumns {
  const { bankCode, bankBranch, bankAccount } = company;
  return bankCode && bankBranch && bankAccount
    ? { bankCode, bankBranch, bankAccount }
    : { bankCode: null, bankBranch: null, bankAccount: null };
}

/** The figures the supplier saw, as wire numbers (jsonb has no bigint). */
export function auditFigures(estimate: Estimate) {
  const { date, daysToPay, value, total, discount, fees, iof, averageTimeframe, effectiveMonthlyCost } =
    estimate;
  return { date, daysToPay, value, total, discount, fees, iof, averageTimeframe, effectiveMonthlyCost };
}
