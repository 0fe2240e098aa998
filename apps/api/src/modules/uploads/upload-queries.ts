import type { InvoiceMediaType } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { creditInvoices, credits } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';

/**
 * A credit the caller may act on; anything else, existing or not, is the same 404
 * (docs/product/errors.md#status-rules).
 */
export async function findCallerCredit(db: Executor, caller: AuthenticatedUser, creditId: number) {
  const [credit] = await db
    .select({ id: credits.id, programProviderId: credits.programProviderId })
    .from(credits)
    .where(eq(credits.id, creditId));
  if (!credit) throw new AppError('error.notFound');
  await findCallerProgramProvider(db, caller, credit.programProviderId);
  return credit;
}

export type InvoiceRecord = {
  creditId: number;
  fileName: string;
  storedName: string;
  contentType: InvoiceMediaType;
  size: number;
  sha256: string;
  uploadedBy: number;
  createdAt: Date;
};

/** The document row and the credit's flag move together: a credit never says "uploaded" without one. */
export async function recordCreditInvoice(db: Database, record: InvoiceRecord) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(creditInvoices).values(record).returning({ id: creditInvoices.id });
    await tx.update(credits).set({ invoiceUploaded: true }).where(eq(credits.id, record.creditId));
    return row!;
  });
}
